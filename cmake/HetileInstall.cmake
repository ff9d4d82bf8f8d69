# `cmake --install`: the tools, the Clang plugin, the runtime (shared and
# static) and its headers, a CMake package (find_package(hetile)) and a
# pkg-config file. Every installed path that refers to another is relative,
# so an installed tree can be moved (cmake --install build --prefix DIR).
#
#   bin/      hetile  hetile-plan  (and the other tools built)
#   lib/      libHetilePlugin.so  libhetile_rt.so  libhetile_rt.a  (+ _mpi)
#   include/  hetile_rt.h  hetile_models.h  hetile_platform.h  hetile_rt_mpi.h
#   lib/cmake/hetile/    hetileConfig.cmake  hetileConfigVersion.cmake
#                        hetileTargets.cmake  hetileTileSources.cmake
#   lib/pkgconfig/       hetile.pc
include(CMakePackageConfigHelpers)

set(HETILE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/hetile" CACHE STRING
  "Where the CMake package of hetile is installed, relative to the prefix")

# The tools and the plugin link the shared clang-cpp and LLVM of
# /usr/lib/llvm-19/lib: keep that folder in their run path once installed.
foreach(t hetile hetile-wait hetile-plan hetile-calibrate HetilePlugin)
  if(TARGET ${t})
    set_target_properties(${t} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
    list(APPEND _hetile_installed ${t})
  endif()
endforeach()
foreach(t hetile_rt hetile_rt_static hetile_rt_mpi hetile_rt_mpi_static)
  if(TARGET ${t})
    list(APPEND _hetile_installed ${t})
  endif()
endforeach()
install(TARGETS ${_hetile_installed}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

# What the package has, for hetileConfig.cmake.
set(HETILE_HAS_PLUGIN OFF)
if(TARGET HetilePlugin)
  set(HETILE_HAS_PLUGIN ON)
endif()
set(HETILE_HAS_RUNTIME_MPI OFF)
if(TARGET hetile_rt_mpi)
  set(HETILE_HAS_RUNTIME_MPI ON)
endif()

set(_pkg ${PROJECT_SOURCE_DIR}/cmake/package)
set(_out ${PROJECT_BINARY_DIR}/package)
configure_package_config_file(${_pkg}/hetileConfig.cmake.in
  ${_out}/hetileConfig.cmake
  INSTALL_DESTINATION ${HETILE_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${_out}/hetileConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${_out}/hetileConfig.cmake
  ${_out}/hetileConfigVersion.cmake
  ${_pkg}/hetileTargets.cmake
  ${_pkg}/hetileTileSources.cmake
  DESTINATION ${HETILE_INSTALL_CMAKEDIR})

# pkg-config: the prefix is found from the .pc file's own folder.
file(RELATIVE_PATH HETILE_PC_TO_PREFIX
  "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" HETILE_PC_TO_PREFIX "${HETILE_PC_TO_PREFIX}")
configure_file(${_pkg}/hetile.pc.in ${_out}/hetile.pc @ONLY)
install(FILES ${_out}/hetile.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
