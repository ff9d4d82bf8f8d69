# cmake -P script: makes a static runtime archive self-contained, so that a C
# program links it alone (no -lstdc++, no -static-libgcc) and loads neither
# libstdc++.so nor libgcc_s.so at start-up (docs/runtime.md, "What a process
# pays to start"):
#   1. its objects and the members of LIBS they use (the C++ library, the
#      unwinder, libgcc) are pre-linked into one relocatable object (ld -r);
#   2. every symbol defined there is made local but the runtime's own:
#      hetile_* (the C API) and the names of namespace hetile (what
#      libhetile_rt_mpi.a calls in libhetile_rt.a, and the one copy of
#      their inline functions' statics);
#   3. the archive holds that one object.
# Called after the archive is built (runtime/CMakeLists.txt):
#   cmake -DARCHIVE=... -DCXX=... -DOBJCOPY=... -DAR=... -DLIBS="a;b" -P this
foreach(v ARCHIVE CXX OBJCOPY AR LIBS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "HetileSelfContained.cmake: ${v} not set")
  endif()
endforeach()
set(obj "${ARCHIVE}.prelinked.o")
execute_process(
  COMMAND ${CXX} -r -nostdlib -o ${obj} -Wl,--whole-archive ${ARCHIVE}
          -Wl,--no-whole-archive ${LIBS}
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "pre-linking ${ARCHIVE} failed (${rc})")
endif()
execute_process(
  COMMAND ${OBJCOPY} --wildcard --keep-global-symbol=hetile_*
          --keep-global-symbol=*6hetile* ${obj}
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "localizing the symbols of ${obj} failed (${rc})")
endif()
file(REMOVE ${ARCHIVE})
execute_process(COMMAND ${AR} rcs ${ARCHIVE} ${obj} RESULT_VARIABLE rc)
file(REMOVE ${obj})
if(rc)
  message(FATAL_ERROR "archiving ${obj} failed (${rc})")
endif()
