# Finds LLVM/Clang 19 and fixes the ONE isl that hetile uses.
#
# libLLVM.so.19 exports its own copy of isl (Polly's, built on IMath). Inside
# clang-19 (our plugin) that copy always wins symbol resolution, so hetile uses
# it everywhere -- tool, plugin and tests -- with the headers Debian ships in
# libpolly-19-dev (include/polly/isl, C++ bindings in isl-noexceptions.h).
# Debian's libisl (GMP based, different isl_val) must never be mixed in: we do
# not search for it, and at startup Support/IslBinding.cpp checks that the isl
# bound at run time is the one recorded here at configure time.

find_package(LLVM REQUIRED CONFIG NO_DEFAULT_PATH PATHS /usr/lib/llvm-19/lib/cmake/llvm)
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR "hetile: needs LLVM 19, found ${LLVM_PACKAGE_VERSION}")
endif()
find_package(Clang REQUIRED CONFIG NO_DEFAULT_PATH PATHS /usr/lib/llvm-19/lib/cmake/clang)
message(STATUS "hetile: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_INSTALL_PREFIX}")

set(HETILE_ISL_INCLUDE_DIR "${LLVM_INCLUDE_DIRS}/polly")
if(NOT EXISTS "${HETILE_ISL_INCLUDE_DIR}/isl/isl-noexceptions.h")
  message(FATAL_ERROR "hetile: isl headers of libLLVM's copy not found in "
    "${HETILE_ISL_INCLUDE_DIR}; install libpolly-19-dev (scripts/install-deps.sh)")
endif()

# Record the version string of the isl inside libLLVM at configure time.
set(_probe_dir "${CMAKE_BINARY_DIR}/isl-probe")
file(WRITE "${_probe_dir}/probe.c"
  "#include <stdio.h>\n#include <isl/version.h>\nint main(void){puts(isl_version());return 0;}\n")
try_run(_isl_run _isl_compile "${_probe_dir}/build" "${_probe_dir}/probe.c"
  CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${HETILE_ISL_INCLUDE_DIR}"
              "-DLINK_DIRECTORIES=${LLVM_LIBRARY_DIR}"
  LINK_LIBRARIES LLVM
  COMPILE_OUTPUT_VARIABLE _isl_compile_out
  RUN_OUTPUT_VARIABLE HETILE_ISL_VERSION)
if(NOT _isl_compile OR NOT _isl_run EQUAL 0)
  message(FATAL_ERROR "hetile: cannot link isl from libLLVM:\n${_isl_compile_out}")
endif()
string(STRIP "${HETILE_ISL_VERSION}" HETILE_ISL_VERSION)
if(NOT HETILE_ISL_VERSION MATCHES "IMath")
  message(FATAL_ERROR "hetile: isl bound from libLLVM is '${HETILE_ISL_VERSION}', "
    "expected Polly's IMath build")
endif()
message(STATUS "hetile: isl ${HETILE_ISL_VERSION} (from libLLVM)")

# Interface target carrying everything a TU that uses LLVM, Clang or isl needs.
add_library(hetile_llvm INTERFACE)
target_include_directories(hetile_llvm SYSTEM INTERFACE
  ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS} ${HETILE_ISL_INCLUDE_DIR})
target_compile_definitions(hetile_llvm INTERFACE ${LLVM_DEFINITIONS_LIST}
  HETILE_ISL_EXPECTED_VERSION="${HETILE_ISL_VERSION}")
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(hetile_llvm INTERFACE -fno-rtti)
endif()
# Shared clang-cpp and LLVM only, in this order: one copy of each, and isl
# comes from libLLVM, deterministically.
target_link_libraries(hetile_llvm INTERFACE clang-cpp LLVM)
