# -*- Python -*-  lit configuration of hetile's tool tests.
import os
import sys
import platform
import lit.formats

config.name = "hetile"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "unit", "lit.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hetile_obj_root, "test")

# Our tools first, then LLVM's (FileCheck, not, count).
path = os.path.pathsep.join([config.hetile_tools_dir,
                             os.path.dirname(config.filecheck),
                             config.llvm_tools_dir or "/usr/lib/llvm-19/bin",
                             config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
for var in ["HOME", "TMPDIR"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The generated seq and omp code decides at each call whether the tiled nest
# pays (hetile_profit_begin) and may run the original: the tests that prove
# the tiled code ran turn the decision off; test/Run/profit-*.c turn it on.
config.environment["HETILE_PROFIT"] = "0"

rt_include = os.path.join(config.hetile_src_root, "runtime", "include")
rt_libdir = os.path.join(config.hetile_obj_root, "lib")
# A rewritten file keeps the test's own comments; FileCheck must not find a
# pattern in the RUN and CHECK lines that carry it, so they are dropped first.
config.substitutions.append(("%strip-directives",
                             "sed -E '/^[[:space:]]*\\/\\/ [A-Z][A-Z0-9_,-]*:/d'"))
config.substitutions.append(("%hetile-plan", os.path.join(config.hetile_tools_dir, "hetile-plan")))
config.substitutions.append(("%hetile", os.path.join(config.hetile_tools_dir, "hetile")))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%gcc", config.gcc or "gcc"))
config.substitutions.append(("%rt_cflags", "-I" + rt_include))
config.substitutions.append(("%rt_libs", "-L%s -Wl,-rpath,%s -lhetile_rt -lm" % (rt_libdir, rt_libdir)))
# MPI tests (test/RuntimeMpi): mpicc driving clang, mpirun as root with more
# ranks than cores. Each mpirun under a time limit: Open MPI 4.1's mpirun
# sometimes never returns after a rank's MPI_Abort (its ranks already gone),
# which would hang the suite; killed, it exits non-zero like an abort.
mpirun_cmd = ("timeout -k 10 300 " + (getattr(config, "mpiexec", "") or "mpirun") +
              " --allow-run-as-root --oversubscribe --bind-to none")
config.substitutions.append(("%mpicc", "env OMPI_CC={0} MPICH_CC={0} {1}".format(
    config.clang, getattr(config, "mpicc", "") or "mpicc")))
config.substitutions.append(("%mpirun", mpirun_cmd))
# Every rank of the suite runs on this one host: Open MPI's shared-memory
# transport (ob1 over vader) instead of its default probing of UCX, OFI and
# PSM devices, which costs about 0.4 s per mpirun, several hundred times in
# the suite. A value set by the caller wins.
for var, value in (("OMPI_MCA_pml", "ob1"), ("OMPI_MCA_btl", "self,vader"),
                   ("OMPI_MCA_mtl", "^ofi,psm,psm2"), ("OMPI_MCA_osc", "^ucx")):
    config.environment[var] = os.environ.get(var, value)
config.substitutions.append(("%rt_mpi_libs", "-L%s -Wl,-rpath,%s -lhetile_rt_mpi -lhetile_rt -lm" % (rt_libdir, rt_libdir)))

# Differential execution of a whole program through `hetile rewrite`
# (test/Run): gcc and clang-19, every backend (mpi and mpi+omp where MPI was
# found).
mpi_found = config.mpi_found.upper() in ("TRUE", "ON", "1")
config.substitutions.append(("%differential", " ".join([
    "python3", os.path.join(config.hetile_src_root, "test", "Run", "Inputs", "differential.py"),
    "--hetile", os.path.join(config.hetile_tools_dir, "hetile"),
    "--cc", config.gcc or "gcc", "--cc", config.clang,
    "--cflags=-I" + rt_include,
    "--libs='-L%s -Wl,-rpath,%s -lhetile_rt -lm'" % (rt_libdir, rt_libdir),
    "--backends=seq,omp,omp-wavefront" + (",mpi,mpi+omp" if mpi_found else ""),
    "--mpicc=" + (getattr(config, "mpicc", "") or "mpicc"),
    "--mpirun='%s'" % mpirun_cmd,
    "--mpi-libs='-L%s -Wl,-rpath,%s -lhetile_rt_mpi -lhetile_rt -lm'" % (rt_libdir, rt_libdir)])))

# The backends of the strips schedule (test/Run/strips-*.c).
config.substitutions.append(("%strips_backends", "omp-strips" + (
    ",mpi-strips,mpi+omp-strips" if mpi_found else "")))

# The Clang plugin (test/Plugin) and the trees (test/Package). In braces:
# lit's own %p would eat the start of %plugin.
config.substitutions.insert(0, ("%{plugin}", os.path.join(config.hetile_obj_root, "lib", "libHetilePlugin.so")))
config.substitutions.insert(0, ("%{hetile_src}", config.hetile_src_root))
# The runtime's object files, for the check of its layers (test/Runtime).
config.substitutions.insert(0, ("%{rt_libdir}", rt_libdir))
config.substitutions.insert(0, ("%{rt_objects}", os.path.join(
    config.hetile_obj_root, "runtime", "CMakeFiles")))
config.substitutions.insert(0, ("%{hetile_obj}", config.hetile_obj_root))

# Features come from what CMake found, never from whether the tool succeeds:
# a backend that stops generating code makes its tests fail, not skip.
if mpi_found:
    config.available_features.add("mpi")
if config.openmp_found.upper() in ("TRUE", "ON", "1"):
    config.available_features.add("openmp")

# GCC on x86-64 ELF, where hetile_rt.h's HETILE_RT_EAGER calls avoid the
# PLT (test/Runtime/eager-calls.c reads the relocations it leaves).
if platform.machine() in ("x86_64", "AMD64") and sys.platform.startswith("linux") \
        and "clang" not in os.path.basename(config.gcc or "gcc"):
    config.available_features.add("x86_64-elf-gcc")

# A memory cgroup this user may create (test/Run/Inputs/memcg.sh): the tests
# that run a program under a memory limit need one; it is the machine's, not
# hetile's.
def memory_cgroup():
    v1 = "/sys/fs/cgroup/memory"
    controllers = "/sys/fs/cgroup/cgroup.controllers"
    if os.path.isdir(v1):
        root, limit = v1, "memory.limit_in_bytes"
    elif os.path.exists(controllers) and "memory" in open(controllers).read():
        root, limit = "/sys/fs/cgroup", "memory.max"
    else:
        return False
    probe = os.path.join(root, "hetile-lit-probe-%d" % os.getpid())
    try:
        os.mkdir(probe)
    except OSError:
        return False
    try:
        return os.access(os.path.join(probe, limit), os.W_OK)
    finally:
        os.rmdir(probe)

if memory_cgroup():
    config.available_features.add("memory-cgroup")
