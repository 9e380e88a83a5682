# -*- Python -*-
# Runs every GoogleTest binary named *Tests under the unittests build dir.
import lit.formats

config.name = "TENFERRO-UNIT"
config.test_exec_root = config.unittests_dir
config.test_source_root = config.unittests_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")
