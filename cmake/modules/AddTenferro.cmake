# Wrappers around AddMLIR, in the style of CIRCT: our libraries are exported
# into TenferroTargets (never MLIRTargets) and link MLIR through the dylib.

# add_tenferro_library(name sources... [DEPENDS ...] [LINK_LIBS ...]
#                      [MLIR_LIBS ...])
# MLIR_LIBS are upstream MLIR libraries; with MLIR_LINK_MLIR_DYLIB they all
# collapse to the single `MLIR` target (mlir_target_link_libraries does
# that), so they must not go through LINK_LIBS.
function(add_tenferro_library name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS" ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS} DISABLE_INSTALL)
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  install(TARGETS ${name} EXPORT TenferroTargets
    ARCHIVE DESTINATION lib LIBRARY DESTINATION lib RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY TENFERRO_EXPORTS ${name})
endfunction()

# add_tenferro_tool(name sources... [MLIR_LIBS ...] [LINK_LIBS ...])
function(add_tenferro_tool name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  tenferro_set_install_rpath(${name})
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()

# tenferro_set_install_rpath(target)
# Installed tools and plugins find libMLIR.so and libLLVM.so where the
# MLIR package keeps them. LLVM's own install rpath is only
# $ORIGIN/../lib (right for LLVM's tools, installed next to those
# libraries), so an installed tenferro-opt failed to start with
# "libMLIR.so.22.1: cannot open shared object file".
function(tenferro_set_install_rpath name)
  set_target_properties(${name} PROPERTIES
    INSTALL_RPATH "\$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")
endfunction()
