# -*- Python -*-
import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TENFERRO"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tenferro_obj_root, "test")
config.excludes = ["Inputs", "lib", "CMakeLists.txt", "README.md",
                   "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%tenferro_libs", config.tenferro_libs_dir))
config.substitutions.append(("%tenferro_src", config.tenferro_src_root))
config.substitutions.append(("%tenferro_obj", config.tenferro_obj_root))
config.substitutions.append(("%mlir_lib_dir", config.llvm_lib_dir))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()


# %python runs the differential tests' scripts, which need NumPy: lit's own
# interpreter if it has NumPy, else the first python3 that has it (Debian's
# python3-numpy is in /usr/bin; a python3 earlier on PATH may lack it).
def python_with_numpy():
    import shutil
    import subprocess
    import sys
    for python in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if python and subprocess.run([python, "-c", "import numpy"],
                                     capture_output=True).returncode == 0:
            return python
    return sys.executable


config.substitutions = [s for s in config.substitutions if s[0] != "%python"]
config.substitutions.append(("%python", '"%s"' % python_with_numpy()))

# Strict FileCheck: variables are scoped to CHECK-LABEL blocks and unused
# prefixes are errors.
config.environment["FILECHECK_OPTS"] = \
    "-enable-var-scope --allow-unused-prefixes=false"

tool_dirs = [config.tenferro_tools_dir, config.llvm_tools_dir]
tools = [
    "tenferro-opt",
    "tenferro-runner",
    "tenferro-parse-fuzzer",
    "tenferro-pipeline-fuzzer",
    ToolSubst("not", unresolved="fatal"),
    ToolSubst("count", unresolved="fatal"),
    # The stock tools from Debian's packages, for plugin tests.
    ToolSubst("mlir-opt", unresolved="fatal"),
    ToolSubst("mlir-translate", unresolved="ignore"),
    ToolSubst("mlir-runner", unresolved="ignore"),
    ToolSubst("llc", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Format/clang-format.mlir: Debian's clang-format-22 (scripts/install-deps.sh
# installs it), in LLVM's tools directory or on PATH. Not a plain
# clang-format from PATH: another version formats differently.
clang_format = lit.util.which("clang-format", config.llvm_tools_dir) \
    or lit.util.which("clang-format-22")
if clang_format:
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", '"%s"' % clang_format))

# examples/rust (Examples/rust.mlir): cargo from PATH or rustup's default
# place; rustup finds its toolchains through HOME (or RUSTUP_HOME).
cargo = lit.util.which("cargo", config.environment.get("PATH", "")) \
    or lit.util.which("cargo", os.path.expanduser("~/.cargo/bin"))
if cargo:
    config.available_features.add("cargo")
    config.substitutions.append(("%cargo", '"%s"' % cargo))
    for var in ("HOME", "CARGO_HOME", "RUSTUP_HOME"):
        if var in os.environ:
            config.environment[var] = os.environ[var]

# Tests of x86-64 code paths run on the machine (libmvec, --target-cpu
# levels, vrange): REQUIRES: x86_64-host.
import platform
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64-host")
    # Code compiled with fused multiply-adds runs only where the CPU has
    # them (inline-exp-fma): REQUIRES: fma-host.
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    if "fma" in line.split(":", 1)[1].split():
                        config.available_features.add("fma-host")
                    break
    except OSError:
        pass

# Sanitizer builds (scripts/sanitize.sh): tests that load tenferro code into
# an uninstrumented process (the plugin into Debian's mlir-opt) cannot run.
if "Address" in config.llvm_use_sanitizer:
    config.available_features.add("asan")
    # Allocators in LLVM's headers poison what they have not handed out
    # when compiled with ASan; tenferro's (instrumented) code and Debian's
    # (uninstrumented) libMLIR.so share such allocators (the context's
    # attribute uniquer), so libMLIR's allocations would look like
    # use-after-poison. Real heap, stack and global errors are still
    # reported, and leaks too.
    config.environment["ASAN_OPTIONS"] = os.environ.get(
        "ASAN_OPTIONS", "allow_user_poisoning=0:detect_leaks=1")
    config.environment["UBSAN_OPTIONS"] = os.environ.get(
        "UBSAN_OPTIONS", "print_stacktrace=1")
