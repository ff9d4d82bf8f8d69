# The imported targets of an installed hetile, relative to this file's
# prefix (set by hetileConfig.cmake: _hetile_libdir, _hetile_bindir,
# hetile_INCLUDE_DIR). Written by hand rather than exported: the runtime's
# build-tree targets use source-tree include paths.
function(_hetile_import name kind file)
  if(TARGET hetile::${name})
    return()
  endif()
  if(kind STREQUAL "EXECUTABLE")
    add_executable(hetile::${name} IMPORTED)
  else()
    add_library(hetile::${name} ${kind} IMPORTED)
  endif()
  set_target_properties(hetile::${name} PROPERTIES IMPORTED_LOCATION "${file}")
endfunction()

_hetile_import(runtime SHARED "${_hetile_libdir}/libhetile_rt.so")
_hetile_import(runtime_static STATIC "${_hetile_libdir}/libhetile_rt.a")
# The runtime is C++ inside, but both libraries carry the parts of the C++
# library they use, hidden (the static one pre-linked with them:
# cmake/HetileSelfContained.cmake), and need no libm: a C program links
# either alone.
set_target_properties(hetile::runtime PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${hetile_INCLUDE_DIR}")
set_target_properties(hetile::runtime_static PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${hetile_INCLUDE_DIR}")

if(_hetile_has_runtime_mpi)
  _hetile_import(runtime_mpi SHARED "${_hetile_libdir}/libhetile_rt_mpi.so")
  # MPI::MPI_C is the user's to find (hetile_tile_sources does it).
  set_target_properties(hetile::runtime_mpi PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${hetile_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "hetile::runtime")
endif()

if(_hetile_has_plugin)
  _hetile_import(plugin MODULE "${_hetile_libdir}/libHetilePlugin.so")
  _hetile_import(hetile EXECUTABLE "${_hetile_bindir}/hetile")
endif()
_hetile_import(hetile-plan EXECUTABLE "${_hetile_bindir}/hetile-plan")
