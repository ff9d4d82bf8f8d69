# hetile_tile_sources(<target>
#                     [BACKEND seq|omp|mpi|mpi+omp]   (default seq)
#                     [TILE_SIZES <a> <b> ...]        (default: chosen at run time)
#                     [AUTO] [ASSUME_NO_ALIAS] [NO_SKEW]
#                     [SOURCES <file> ...]            (default: every .c source)
#                     [EMIT_DIR <dir>])
#
# Compiles the C sources of <target> through hetile's Clang plugin, so that
# their `#pragma hetile` nests (every nest with AUTO) are tiled, and links
# <target> with what the generated code calls: hetile::runtime, plus
# OpenMP::OpenMP_C for omp and MPI::MPI_C for mpi. The C compiler must be
# clang 19 (-DCMAKE_C_COMPILER=clang-19). EMIT_DIR keeps the rewritten
# source of each file there (<dir>/<file name>). The plugin flags go on the
# source files (in the directory of <target>): another target of that
# directory compiling the same file gets them too. Links with the keyword
# signature (PRIVATE).
function(hetile_tile_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 HT "AUTO;ASSUME_NO_ALIAS;NO_SKEW"
    "BACKEND;EMIT_DIR" "TILE_SIZES;SOURCES")
  if(HT_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hetile_tile_sources: unknown arguments: ${HT_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "hetile_tile_sources: '${target}' is not a target")
  endif()
  if(NOT HT_BACKEND)
    set(HT_BACKEND seq)
  endif()
  if(NOT HT_BACKEND MATCHES "^(seq|omp|mpi|mpi\\+omp)$")
    message(FATAL_ERROR "hetile_tile_sources: BACKEND must be seq, omp, mpi "
      "or mpi+omp, not '${HT_BACKEND}'")
  endif()
  if(NOT TARGET hetile::plugin)
    message(FATAL_ERROR "hetile_tile_sources: this hetile was installed "
      "without its Clang plugin")
  endif()
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang" OR
     NOT CMAKE_C_COMPILER_VERSION MATCHES "^19\\.")
    message(FATAL_ERROR "hetile_tile_sources: the hetile plugin runs in "
      "clang 19 only; the C compiler is ${CMAKE_C_COMPILER_ID} "
      "${CMAKE_C_COMPILER_VERSION} (configure with -DCMAKE_C_COMPILER=clang-19)")
  endif()
  get_target_property(plugin hetile::plugin IMPORTED_LOCATION)

  set(flags "-fplugin=${plugin}" "-fplugin-arg-hetile-backend=${HT_BACKEND}")
  foreach(size IN LISTS HT_TILE_SIZES)
    if(NOT size MATCHES "^[1-9][0-9]*$")
      message(FATAL_ERROR "hetile_tile_sources: TILE_SIZES must be integers "
        ">= 1, not '${size}'")
    endif()
  endforeach()
  if(HT_TILE_SIZES)
    string(JOIN "," sizes ${HT_TILE_SIZES})
    list(APPEND flags "-fplugin-arg-hetile-tile-sizes=${sizes}")
  endif()
  foreach(flag AUTO ASSUME_NO_ALIAS NO_SKEW)
    if(HT_${flag})
      string(TOLOWER "${flag}" arg)
      string(REPLACE "_" "-" arg "${arg}")
      list(APPEND flags "-fplugin-arg-hetile-${arg}")
    endif()
  endforeach()

  _hetile_c_sources(${target} sources "${HT_SOURCES}")
  if(HT_EMIT_DIR)
    file(MAKE_DIRECTORY "${HT_EMIT_DIR}")
  endif()
  foreach(src IN LISTS sources)
    set(src_flags ${flags})
    if(HT_EMIT_DIR)
      get_filename_component(name "${src}" NAME)
      list(APPEND src_flags "-fplugin-arg-hetile-emit=${HT_EMIT_DIR}/${name}")
    endif()
    set_property(SOURCE "${src}" TARGET_DIRECTORY ${target}
      APPEND PROPERTY COMPILE_OPTIONS ${src_flags})
    set_property(SOURCE "${src}" TARGET_DIRECTORY ${target}
      APPEND PROPERTY OBJECT_DEPENDS "${plugin}")
  endforeach()
  _hetile_link_backend(${target} ${HT_BACKEND})
endfunction()

# The absolute paths of the C sources of <target> (or of <given>) in <out>.
function(_hetile_c_sources target out given)
  set(list ${given})
  if(NOT list)
    get_target_property(list ${target} SOURCES)
  endif()
  get_target_property(dir ${target} SOURCE_DIR)
  set(result "")
  foreach(src IN LISTS list)
    if(src MATCHES "\\$<" OR NOT src MATCHES "\\.c$")
      continue()
    endif()
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${dir}/${src}")
    endif()
    list(APPEND result "${src}")
  endforeach()
  if(NOT result)
    message(FATAL_ERROR "hetile_tile_sources: '${target}' has no C source to tile")
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# Links <target> with the runtime and the parallel libraries of <backend>.
function(_hetile_link_backend target backend)
  target_link_libraries(${target} PRIVATE hetile::runtime)
  if(backend MATCHES "omp")
    find_package(OpenMP REQUIRED COMPONENTS C)
    target_link_libraries(${target} PRIVATE OpenMP::OpenMP_C)
  endif()
  if(backend MATCHES "mpi")
    find_package(MPI REQUIRED COMPONENTS C)
    if(TARGET hetile::runtime_mpi)
      target_link_libraries(${target} PRIVATE hetile::runtime_mpi)
    endif()
    target_link_libraries(${target} PRIVATE MPI::MPI_C)
  endif()
endfunction()
