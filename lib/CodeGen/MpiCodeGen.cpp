//===- MpiCodeGen.cpp - Tiles pipelined across MPI ranks ------------------===//
//
// The SPMD code of --backend=mpi: [BDRV98] section 3.2 with MPI ranks as
// processors. The tile columns (last band dimension) are allocated to ranks
// in blocks by the runtime (hetile_rt_mpi.h); each rank computes its blocks
// in column order, row by row (rows: the bounding box of the other band
// dimensions, numbered alike on every rank). Before a tile, it receives
// from the owners of the K columns to its left what the tile reads of
// theirs; after it, it sends (non-blocking) to the owners of the K columns
// to its right what they read of it (Transform/Communication: FlowOut, K
// from the largest column distance of a dependence). After the nest, every
// rank receives the final values that the other ranks' tiles wrote, so the
// code after the nest runs unchanged: where an array's final values per
// row of tiles of a block (RowBlockLiveOut) are boxes, as pieces sent
// while the nest runs, after each row (hetile_mpi_piece_done; with
// threads, hetile_mpi_row_done); else where its final values per block of
// columns (BlockLiveOut) are boxes, as runs of consecutive elements moved
// in place after the nest (hetile_mpi_run, hetile_mpi_exchange); otherwise
// each rank packs what its tiles wrote last (LiveOut) element by element
// and receives everybody else's (hetile_mpi_gather).
//
// --backend=mpi+omp adds a level inside each rank ([BRR99]'s hierarchical
// allocation: the rank is a cluster of equal processors, its threads): in
// an OpenMP parallel region, hetile_mpi_threads cuts each block of the rank
// into parts dealt to the threads round-robin; a thread computes its parts
// as a rank its blocks, and before each row of a part waits until the
// rank's column just left of the part has finished that row (the
// shared-memory pipeline of the omp backend: "column c finished row r"
// implies it of every column of the rank left of c, by induction). Tiles
// read from and write to other ranks exactly as above, each thread making
// its own MPI calls (the runtime serialises them). No cycle of waits: a
// part waits only on columns left of it, of its rank or of others.
//
//   #pragma omp parallel
//   { single: hetile_mpi_threads(m, nthreads)
//     for (j = 0; hetile_mpi_part(m, th, j, &first, &last, &after); j++)
//       for each row r: hetile_mpi_wait_column(m, after, r);
//                       tiles first..last (receive, compute, send);
//                       hetile_mpi_post_column(m, last, r);
//                       pieces: hetile_mpi_row_done(m, last, r); }
//
// Messages carry values only: sender and receiver enumerate the same isl
// set with the same parameters (the sending tile's origins, the receiving
// column's origin) in the same order. A message is tagged by its sending
// column and distance, (col * K + k - 1) mod (tag_ub + 1); messages with one
// tag between two ranks are received in the order sent (MPI's
// non-overtaking rule), i.e. row by row; with threads too, as one column,
// hence one tag, belongs to one thread on each side.
//
//===----------------------------------------------------------------------===//

#include "AliasCheckCode.h"
#include "BlockSchedule.h"
#include "ElementLoops.h"
#include "NestEmitter.h"
#include "ScanLoops.h"

#include "hetile/Transform/Communication.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace hetile {

namespace {

/// Above this many disjuncts a set of elements is scanned, not given to
/// isl's AST generator (which separates the disjuncts: seconds and
/// kilobytes of C for some twenty).
constexpr int MaxExactDisjuncts = 2;

/// After each row of a block (--backend=mpi with pieces): the row's final
/// values to the ranks that receive them.
const char *const PiecePost =
    "(void)hetile_row;\n"
    "if (hetile_mpi_piece_done(hetile_m, hetile_first) < 0) {\n"
    "  fprintf(stderr, \"hetile: error: rank %d: %s\\n\", hetile_me, "
    "hetile_last_error());\n"
    "  hetile_mpi_abort(hetile_m, 1);\n"
    "}\n";

/// The same with threads (--backend=mpi+omp): after each row of a part;
/// the runtime finishes the piece when the part ends its block.
const char *const RowDonePost =
    "if (hetile_mpi_row_done(hetile_m, hetile_last, hetile_row) < 0) {\n"
    "  fprintf(stderr, \"hetile: error: rank %d: %s\\n\", hetile_me, "
    "hetile_last_error());\n"
    "  hetile_mpi_abort(hetile_m, 1);\n"
    "}\n";

const char *const MpiFail =
    "fprintf(stderr, \"hetile: error: rank %d: %s\\n\", hetile_me, "
    "hetile_last_error());\n";

/// `if (<Call> < 0) { report; abort }` at \p Indent: a runtime call of
/// the nest's that fails on every rank alike.
std::string checkedMpiCall(unsigned Indent, const std::string &Call) {
  std::string In(Indent, ' ');
  return In + "if (" + Call + " < 0) {\n" + In + "  " + MpiFail + In +
         "  hetile_mpi_abort(hetile_m, 1);\n" + In + "}\n";
}

struct MpiEmitter {
  NestEmitter &E;
  const Communication &Comm;
  const Options &O;
  /// mpi+omp: the rank's tiles are computed by its OpenMP threads.
  bool Threaded;
  /// The final exchange sends to rank 0 alone (--gather=root where nothing
  /// after the nest needs the values on every rank).
  bool rootOnly() const { return gatherToRoot(O.GatherRoot, E.S); }
  std::vector<std::string> RowUpper, RowStart; ///< per band dimension
  std::string ColStart, ColUpper;
  /// How each set of elements is enumerated, computed once (the costly
  /// part of this backend: heat-3d's sets took 41 s when generated at each
  /// of their seven uses), printed with the names of each use: isl's AST of
  /// the set, or a scan of each of its disjuncts.
  struct Enumeration {
    isl::ast_node Ast;
    std::vector<ScanNest> Scans;
  };
  std::map<const isl_set *, Enumeration> Enumerations;
  /// An array whose final values move as runs of consecutive elements: per
  /// box of its BlockLiveOut (disjoint), the first element of each run (a
  /// row of the box) and the box's bounds along the last subscript.
  struct Runs {
    const ArrayTraffic *A;
    std::vector<isl::set> Starts;
    std::vector<isl::pw_aff> Low, High;
  };
  std::vector<Runs> RunArrays;
  /// The arrays whose final values per row of tiles of a block
  /// (RowBlockLiveOut) are boxes: posted as pieces while the nest runs.
  std::vector<Runs> PieceArrays;
  /// The arrays of RunArrays and PieceArrays (the others move element by
  /// element).
  std::set<std::string> InRuns;
  /// The nest leaves its final values on their ranks for the next nest
  /// (Scop::DeferTo, every written array's BlockLiveOut a union of boxes):
  /// their runs, listed with hetile_mpi_defer_run.
  bool Defers = false;
  std::vector<Runs> DeferArrays{};
  /// The nest takes what the previous nest left (Scop::AfterDeferred): the
  /// runs its blocks read (NeedArrays) and those it overwrites
  /// (KillArrays), when every footprint is a union of boxes (Fetches);
  /// else it takes everything left (hetile_mpi_settle). WriteArrays: the
  /// runs of the written arrays whose BlockLiveOut is boxes, whose pages
  /// the rank that writes them keeps.
  bool Fetches = false;
  std::deque<ArrayTraffic> FootprintNames{};
  std::vector<Runs> NeedArrays{}, KillArrays{}, WriteArrays{};

  /// The band has 3 dimensions or more: the code also has the processor
  /// grid's branch (HETILE_GRID, docs/grids.md).
  bool Grid = false;
  /// Printing the grid's branch: messages are GridFlowOut, and every
  /// array's final values move element by element.
  bool GridPath = false;

  const TiledNest &N() const { return E.N; }
  const TileDim &col() const { return E.N.Dims[E.N.ColumnDim]; }

  /// Whether isl's AST of \p Elements is cheap and small: at most two
  /// disjuncts, no existentially quantified variable, and only unit
  /// coefficients on the elements' subscripts (the loop bounds of each
  /// subscript then need no integer projection). Otherwise the elements are
  /// scanned (ScanLoops.h).
  static bool exactAstIsCheap(const isl::set &Elements) {
    if (isl_set_n_basic_set(Elements.get()) > MaxExactDisjuncts)
      return false;
    bool Cheap = true;
    Elements.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
      if (isl_basic_set_dim(B.get(), isl_dim_div) > 0)
        Cheap = false;
      unsigned Dims = unsigned(B.tuple_dim().release());
      ScanNest::forEachConstraint(B, [&](isl_constraint *C) {
        for (unsigned K = 0; K < Dims; ++K) {
          isl::val V = isl::manage(
              isl_constraint_get_coefficient_val(C, isl_dim_set, K));
          if (!V.is_zero() && !V.abs().is_one())
            Cheap = false;
        }
      });
      return isl::stat::ok();
    });
    return Cheap;
  }

  /// The runs of \p Live, final values of \p A: nothing when it is not a
  /// union of boxes.
  llvm::Expected<std::optional<Runs>> runsOf(const ArrayTraffic &A,
                                             const isl::set &Live);
  /// runsOf of \p A's BlockLiveOut, nothing for the members of an array of
  /// structs (not consecutive numbers); computed once per array (the final
  /// exchange, the deferral and the fetch all list them).
  llvm::Expected<std::optional<Runs>> blockRuns(const ArrayTraffic &A);
  std::map<const ArrayTraffic *, std::optional<Runs>> BlockRuns{};
  /// The arrays whose RowBlockLiveOut (PieceArrays), else
  /// BlockLiveOut (RunArrays), is a union of disjoint boxes, with their runs.
  llvm::Error findRuns();
  /// hetile_mpi_run(hetile_m, hetile_q, ...) for each run of \p Arrays,
  /// the block's hetile_blo and hetile_bhi (and the row's origins) declared.
  /// \p Call gives the call of run I of an array at lvalue L (the run's
  /// elements hetile_rn); by default hetile_mpi_run.
  using RunCall = std::function<std::string(size_t I, const std::string &L)>;
  llvm::Error listRuns(const std::vector<Runs> &Arrays, unsigned Indent,
                       std::string &Out, RunCall Call = {});
  /// Scop::DeferTo and Scop::AfterDeferred: DeferArrays, NeedArrays and
  /// KillArrays.
  llvm::Error findDeferred();
  /// After the tiles of a nest that Defers: every rank's runs to the table.
  llvm::Error defer(std::string &Out);
  /// Before the tiles of a nest after one that may defer: what the blocks
  /// of every rank read, what the nest overwrites, hetile_mpi_fetch; or
  /// hetile_mpi_settle.
  llvm::Error fetch(std::string &Out);
  llvm::Error pieces(std::string &Out);
  /// Opens the loops over every rank (rank 0 and the rank itself only with
  /// --gather=root) and over its blocks of columns, with the block's first
  /// and last column in BlockLowParam and BlockHighParam (indent 10 inside);
  /// closeRankBlocks closes them.
  /// Opens the loops over the ranks and their blocks: every rank (with
  /// --gather=root, on ranks other than 0 only their own, unless
  /// \p EveryRank), or with \p OwnOnly this rank alone.
  void openRankBlocks(std::string &Out, bool EveryRank = false,
                      bool OwnOnly = false) const;
  void closeRankBlocks(std::string &Out) const;

  /// Loops over the elements of \p Set (params: the origins as printed by
  /// E.Exprs, hetile_dc) with \p Stmt per element.
  /// \p OfBlock: the set is of a block of columns (the context's facts
  /// about the tile origins it does not name are left out).
  template <typename Fn>
  llvm::Error elements(const ArrayTraffic &A, const isl::set &Set,
                       unsigned Indent, std::string &Out, Fn Stmt,
                       bool OfBlock = false) {
    if (Set.is_empty().is_true())
      return llvm::Error::success();
    Enumeration &En = Enumerations[Set.get()];
    if (En.Ast.is_null() && En.Scans.empty()) {
      isl::set Ctx = E.Params.intersect(N().BoxInside);
      if (OfBlock)
        for (const TileDim &D : N().Dims) {
          int Pos = isl_set_find_dim_by_name(Ctx.get(), isl_dim_param,
                                             D.Origin.c_str());
          if (Pos >= 0 && isl_set_find_dim_by_name(Set.get(), isl_dim_param,
                                                   D.Origin.c_str()) < 0)
            Ctx = Ctx.project_out(isl::dim::param, Pos, 1);
        }
      // The context goes into the set, not into the build: libLLVM 19's isl
      // drops elements of a set built under a context of several disjuncts
      // (test/Run/mpi-imperfect-siblings.c lost A elements of its flow-out
      // set at T = 17, a value inside the context).
      isl::set Elements = Set.intersect_params(Ctx).coalesce();
      if (Elements.is_null())
        return makeCodeGenError("isl failed on the elements of '" + A.Array +
                                "'");
      if (exactAstIsCheap(Elements)) {
        isl::ast_build Build = isl::ast_build::from_context(
            isl::set::universe(Elements.space().params()));
        En.Ast =
            Build.node_from_schedule_map(isl::union_map(Elements.identity()));
        if (En.Ast.is_null())
          return makeCodeGenError("isl failed to enumerate the elements of '" +
                                  A.Array + "'");
      } else {
        bool Failed = false;
        // The set itself, not Elements: a scan needs no context, and the
        // context's disjuncts multiply the set's (3 into 20 in test/Fuzz
        // seed 5002).
        Set.coalesce().foreach_basic_set([&](isl::basic_set B) -> isl::stat {
          En.Scans.push_back(ScanNest::build(B));
          Failed |= En.Scans.back().Domain.is_null();
          return isl::stat::ok();
        });
        if (Failed || En.Scans.empty())
          return makeCodeGenError("isl failed to scan the elements of '" +
                                  A.Array + "'");
      }
      if (auto Err = E.checkBudget())
        return Err;
    }
    const ScopArray *Info = E.S.findArray(A.Array);
    std::vector<std::string> Rows;
    std::string Member;
    if (Info)
      Rows = Info->RowExtents;
    if (Info && Info->Members && Info->MemberTypes.size() == 1)
      Member = *Info->MemberTypes.begin();
    if (!En.Ast.is_null())
      ElementLoops(E.Exprs, A.Array, "hetile_e", Rows, Member)
          .print(En.Ast, Indent, Out, Stmt);
    for (const ScanNest &Scan : En.Scans)
      ScanLoops(E.Exprs, A.Array, "hetile_s", Rows, Member)
          .print(Scan, Indent, Out, Stmt);
    return llvm::Error::success();
  }

  /// `hetile_bytes += ...` over FlowOut (Pack false) or packing into
  /// hetile_buf at hetile_pos (Pack true), or unpacking (Unpack). A
  /// message's elements are enumerated once, in a loop of two passes
  /// (hetile_pass 0 counts, 1 packs or unpacks): CountPack, CountUnpack.
  /// Printing each set once instead of twice halves the messages' code,
  /// which is most of an mpi block when a set has tens of disjuncts.
  enum class Mode { Count, Pack, Unpack, CountPack, CountUnpack };
  llvm::Error traffic(bool Live, Mode M, unsigned Indent, std::string &Out) {
    for (const ArrayTraffic &A : Comm.Arrays) {
      if (Live && InRuns.count(A.Array) && !GridPath)
        continue;
      const isl::set &Set =
          Live ? A.LiveOut : (GridPath ? A.GridFlowOut : A.FlowOut);
      auto Err = elements(A, Set, Indent, Out, [M](const std::string &L) {
        std::string Size = "sizeof " + L;
        std::string Count = "hetile_bytes += " + Size + ";";
        std::string Pack = "memcpy(hetile_buf + hetile_pos, &" + L + ", " +
                           Size + "); hetile_pos += " + Size + ";";
        std::string Unpack = "memcpy(&" + L + ", hetile_buf + hetile_pos, " +
                             Size + "); hetile_pos += " + Size + ";";
        switch (M) {
        case Mode::Count:
          return Count;
        case Mode::Pack:
          return Pack;
        case Mode::Unpack:
          return Unpack;
        case Mode::CountPack:
          return "hetile_send_elem(" + L + ");";
        case Mode::CountUnpack:
          return "hetile_recv_elem(" + L + ");";
        }
        return Count;
      });
      if (Err)
        return Err;
    }
    return llvm::Error::success();
  }

  /// Loops over the tiles of rank \p Rank (C text) in its order, the tile's
  /// origins declared, then \p Body. \p OfThread: only the tiles of the
  /// calling thread (hetile_th), in its parts, with the waits and posts of
  /// the shared-memory pipeline around each part row.
  template <typename Fn>
  llvm::Error eachTile(const std::string &Rank, unsigned Indent,
                       std::string &Out, Fn Body, bool OfThread = false,
                       const std::string &AfterRow = "") {
    BlockSchedule P;
    P.RowStart = RowStart;
    P.RowUpper = RowUpper;
    P.CountColumns = true;
    if (OfThread) {
      P.BlockLoop = "for (long hetile_j = 0; hetile_mpi_part(hetile_m, "
                    "hetile_th, hetile_j, &hetile_first,\n" + spaces(Indent) +
                    "                                         &hetile_last, "
                    "&hetile_after); hetile_j++)";
      P.Wait = "if (hetile_mpi_wait_column(hetile_m, hetile_after, hetile_row) "
               "< 0) {\n  " + std::string(MpiFail) +
               "  hetile_mpi_abort(hetile_m, 1);\n}\n";
      P.Post = "hetile_mpi_post_column(hetile_m, hetile_last, hetile_row);\n" +
               AfterRow;
    } else {
      P.BlockLoop = "for (long hetile_b = 0; hetile_mpi_block(hetile_m, " +
                    Rank + ", hetile_b, &hetile_first,\n" + spaces(Indent) +
                    "                                          &hetile_last); "
                    "hetile_b++)";
      P.Post = AfterRow;
    }
    return printBlockSchedule(E, P, Indent, Out, Body);
  }

  llvm::Error receives(unsigned Indent, std::string &Out);
  llvm::Error sends(unsigned Indent, std::string &Out);
  llvm::Error tiles(std::string &Out);

  /// A loop over the tiles of a rank (C text), \p Body inside: eachTile
  /// (the ring's blocks of columns) or gridEachTile (the grid's columns).
  using TileBody = llvm::function_ref<llvm::Error(unsigned, std::string &)>;
  using TileWalker = llvm::function_ref<llvm::Error(
      const std::string &Rank, unsigned Indent, std::string &Out,
      TileBody Body)>;
  llvm::Error gatherElements(TileWalker Walk, unsigned Indent,
                             std::string &Out);
  llvm::Error gather(std::string &Out);

  /// The processor grid's branch (MpiGrid.cpp).
  llvm::Error gridEachTile(const std::string &Rank, unsigned Indent,
                           std::string &Out, TileBody Body);
  llvm::Error gridMessages(bool Receive, unsigned Indent, std::string &Out);
  llvm::Error gridTiles(std::string &Out);
  llvm::Error gridGather(std::string &Out);
  llvm::Error gridBranch(std::string &Out);

  llvm::Error emit(std::string &Out);
};

/// Before a tile: the values it reads from tiles of other ranks.
llvm::Error MpiEmitter::receives(unsigned Indent, std::string &Out) {
  std::string In = spaces(Indent);
  const TileDim &C = col();
  Out += In + "/* hetile: receive what this tile reads of other ranks' tiles */\n" +
         In + "for (long hetile_k = 1; hetile_k <= hetile_K && hetile_k <= "
              "hetile_col; hetile_k++) {\n" +
         In + "  const int hetile_src = hetile_mpi_owner(hetile_m, hetile_col - "
              "hetile_k);\n" +
         In + "  if (hetile_src == hetile_me)\n" + In + "    continue;\n" +
         In + "  const long " + ColumnOriginParam + " = " + C.Origin + ";\n" +
         In + "  const long hetile_so = " + C.Origin + " - hetile_k * " + C.Size +
         ";\n" + In + "  size_t hetile_bytes = 0, hetile_pos = 0;\n";
  // The sets name the sending tile's column origin C.Origin: print it as
  // hetile_so here. Pass 0 counts the bytes, pass 1 (if any) receives and
  // unpacks them.
  Out += In + "  unsigned char *hetile_buf = 0;\n" +
         In + "  for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {\n" +
         In + "    if (hetile_pass) {\n" +
         In + "      if (hetile_bytes == 0)\n" + In + "        break;\n" +
         In + "      if (hetile_bytes > hetile_rcap) {\n" +
         In + "        free(hetile_rbuf);\n" +
         In + "        hetile_rbuf = (unsigned char *)malloc(hetile_bytes);\n" +
         In + "        hetile_rcap = hetile_rbuf ? hetile_bytes : 0;\n" +
         In + "      }\n" +
         In + "      hetile_buf = hetile_rbuf;\n" +
         In + "      if (!hetile_buf || hetile_mpi_recv(hetile_m, hetile_src, "
              "hetile_tag(hetile_col - hetile_k, hetile_k), hetile_buf, "
              "hetile_bytes) < 0) {\n" +
         In + "        " + MpiFail + In +
         "        hetile_mpi_abort(hetile_m, 1);\n" +
         In + "      }\n" + In + "    }\n";
  E.Exprs.Names[C.Origin] = "hetile_so";
  llvm::Error Err = traffic(false, Mode::CountUnpack, Indent + 4, Out);
  E.Exprs.Names.erase(C.Origin);
  if (Err)
    return Err;
  Out += In + "  }\n" + In + "  (void)hetile_buf;\n" + In + "  (void)" +
         ColumnOriginParam + ";\n" + In +
         "  (void)hetile_so;\n" + In + "  (void)hetile_pos;\n" + In + "}\n";
  return llvm::Error::success();
}

/// After a tile: what tiles of other ranks read of it.
llvm::Error MpiEmitter::sends(unsigned Indent, std::string &Out) {
  std::string In = spaces(Indent);
  const TileDim &C = col();
  Out += In + "/* hetile: send what other ranks' tiles read of this tile */\n" +
         In + "for (long hetile_k = 1; hetile_k <= hetile_K && hetile_col + "
              "hetile_k < hetile_ncols; hetile_k++) {\n" +
         In + "  const int hetile_dst = hetile_mpi_owner(hetile_m, hetile_col + "
              "hetile_k);\n" +
         In + "  if (hetile_dst == hetile_me)\n" + In + "    continue;\n" +
         In + "  const long " + ColumnOriginParam + " = " + C.Origin +
         " + hetile_k * " + C.Size + ";\n" +
         In + "  size_t hetile_bytes = 0, hetile_pos = 0;\n" +
         In + "  unsigned char *hetile_buf = 0;\n" +
         // Pass 0 counts the bytes, pass 1 (if any) packs them.
         In + "  for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {\n" +
         In + "    if (hetile_pass) {\n" +
         In + "      if (hetile_bytes == 0)\n" + In + "        break;\n" +
         In + "      hetile_buf = (unsigned char *)hetile_mpi_send_buffer(hetile_m, "
              "hetile_bytes);\n" +
         In + "      if (!hetile_buf) {\n" + In + "        " + MpiFail + In +
         "        hetile_mpi_abort(hetile_m, 1);\n" + In + "      }\n" +
         In + "    }\n";
  if (auto Err = traffic(false, Mode::CountPack, Indent + 4, Out))
    return Err;
  Out += In + "  }\n" + In + "  if (hetile_bytes == 0)\n" + In +
         "    continue;\n" +
         In + "  if (hetile_mpi_send(hetile_m, hetile_dst, hetile_tag(hetile_col, "
              "hetile_k), hetile_buf, hetile_bytes) < 0) {\n" +
         In + "    " + MpiFail + In + "    hetile_mpi_abort(hetile_m, 1);\n" +
         In + "  }\n" + In + "  (void)" + ColumnOriginParam + ";\n" + In +
         "  (void)hetile_pos;\n" + In + "}\n";
  return llvm::Error::success();
}

/// The tiles of this rank, each with its receives before and its sends
/// after; mpi+omp: in a parallel region, each thread its parts.
llvm::Error MpiEmitter::tiles(std::string &Out) {
  std::string Begin = "hetile_mpi_compute_begin(hetile_m);\n";
  std::string End = "hetile_mpi_compute_end(hetile_m, 1);\n";
  unsigned Indent = 4;
  if (Threaded) {
    Begin = "hetile_mpi_thread_compute_begin(hetile_m, hetile_th);\n";
    End = "hetile_mpi_thread_compute_end(hetile_m, hetile_th, 1);\n";
    Indent = 6;
    Out += "    /* hetile: the rank's columns split among its threads */\n"
           "#pragma omp parallel" + E.firstprivateClause() + "\n"
           "    {\n" +
           ompQuery(6, "const int hetile_th", "omp_get_thread_num()", "0") +
           "#pragma omp single\n"
           "      {\n" +
           ompQuery(8, "const int hetile_nth", "omp_get_num_threads()", "1") +
           "        if (hetile_mpi_threads(hetile_m, hetile_nth) < 0) {\n"
           "          " + MpiFail +
           "          hetile_mpi_abort(hetile_m, 1);\n"
           "        }\n"
           "      }\n"
           "      long hetile_first, hetile_last, hetile_after;\n";
  }
  std::string In = spaces(Indent);
  Out += In + "unsigned char *hetile_rbuf = 0;\n" + In +
         "size_t hetile_rcap = 0;\n" + In + "/* hetile: tile loops */\n";
  auto Tile = [&](unsigned I, std::string &O2) -> llvm::Error {
    if (auto Err = receives(I, O2))
      return Err;
    O2 += spaces(I) + Begin;
    if (auto Err = E.pointLoops(E.buildInBox(), I, O2))
      return Err;
    O2 += spaces(I) + End;
    return sends(I, O2);
  };
  const char *AfterRow = Threaded ? RowDonePost : PiecePost;
  if (auto Err = eachTile("hetile_me", Indent, Out, Tile, Threaded,
                          PieceArrays.empty() ? "" : AfterRow))
    return Err;
  Out += In + "free(hetile_rbuf);\n";
  if (Threaded)
    Out += "    }\n";
  return llvm::Error::success();
}

llvm::Expected<std::optional<MpiEmitter::Runs>>
MpiEmitter::runsOf(const ArrayTraffic &A, const isl::set &Live) {
  if (A.Dims == 0 || Live.is_null())
    return std::nullopt;
  // Disjoint boxes: a run is received once (MPI forbids overlapping
  // receive buffers). Coalesced first; where that makes a union of boxes
  // one basic set that is not a box, the union as it is.
  auto Disjoint = [](const isl::set &S) {
    return isl::manage(isl_set_make_disjoint(S.copy()));
  };
  isl::set Set = Disjoint(Live.coalesce());
  if (!Set.is_null() && !isBoxUnion(Set))
    Set = Disjoint(Live);
  if (Set.is_null())
    return makeCodeGenError("isl failed on the final values of '" + A.Array +
                            "'");
  if (!isBoxUnion(Set))
    return std::nullopt;
  Runs R{&A, {}, {}, {}};
  bool Failed = false;
  Set.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
    isl::set Box(B);
    int Last = int(A.Dims) - 1;
    // The box moved one element along the last subscript: the elements
    // of the box not in it start the runs, one per row.
    isl_multi_aff *Shift = isl_multi_aff_identity(
        isl_space_map_from_set(isl_set_get_space(Box.get())));
    isl_aff *Prev = isl_multi_aff_get_aff(Shift, Last);
    Shift = isl_multi_aff_set_aff(Shift, Last,
                                  isl_aff_add_constant_si(Prev, -1));
    isl::set Moved = isl::manage(isl_set_preimage_multi_aff(Box.copy(), Shift));
    isl::set Starts = Box.subtract(Moved).coalesce();
    isl::pw_aff Low = Box.dim_min(Last), High = Box.dim_max(Last);
    Failed |= Starts.is_null() || Low.is_null() || High.is_null();
    R.Starts.push_back(Starts);
    R.Low.push_back(Low);
    R.High.push_back(High);
    return isl::stat::ok();
  });
  if (Failed)
    return makeCodeGenError("isl failed on the runs of '" + A.Array + "'");
  if (auto Err = E.checkBudget())
    return std::move(Err);
  return R;
}

llvm::Expected<std::optional<MpiEmitter::Runs>>
MpiEmitter::blockRuns(const ArrayTraffic &A) {
  if (auto It = BlockRuns.find(&A); It != BlockRuns.end())
    return It->second;
  std::optional<Runs> Result;
  const ScopArray *Info = E.S.findArray(A.Array);
  if (!(Info && Info->Members) && !A.BlockLiveOut.is_null()) {
    auto R = runsOf(A, A.BlockLiveOut);
    if (!R)
      return R.takeError();
    Result = std::move(*R);
  }
  return BlockRuns[&A] = std::move(Result);
}

llvm::Error MpiEmitter::findRuns() {
  for (const ArrayTraffic &A : Comm.Arrays) {
    // The members of an array of structs are not consecutive numbers: they
    // move element by element.
    if (const ScopArray *Info = E.S.findArray(A.Array); Info && Info->Members)
      continue;
    {
      auto R = runsOf(A, A.RowBlockLiveOut);
      if (!R)
        return R.takeError();
      if (*R) {
        InRuns.insert(A.Array);
        PieceArrays.push_back(std::move(**R));
        continue;
      }
    }
    auto R = blockRuns(A);
    if (!R)
      return R.takeError();
    if (*R) {
      InRuns.insert(A.Array);
      RunArrays.push_back(std::move(**R));
    }
  }
  return llvm::Error::success();
}

llvm::Error MpiEmitter::listRuns(const std::vector<Runs> &Arrays,
                                 unsigned Indent, std::string &Out,
                                 RunCall Call) {
  std::string In = spaces(Indent);
  if (!Call)
    Call = [](size_t I, const std::string &L) {
      return "hetile_mpi_run(hetile_m, hetile_q, " + std::to_string(I) +
             ", &" + L + ", (size_t)hetile_rn * sizeof " + L + ");";
    };
  for (size_t I = 0; I < Arrays.size(); ++I)
    for (size_t K = 0; K < Arrays[I].Starts.size(); ++K) {
      const Runs &R = Arrays[I];
      isl::ast_build Build = isl::ast_build::from_context(
          isl::set::universe(R.Low[K].domain().space().params()));
      auto Lo = E.print(Build, R.Low[K], "the runs of '" + R.A->Array + "'");
      if (!Lo)
        return Lo.takeError();
      Build = isl::ast_build::from_context(
          isl::set::universe(R.High[K].domain().space().params()));
      auto Hi = E.print(Build, R.High[K], "the runs of '" + R.A->Array + "'",
                        true);
      if (!Hi)
        return Hi.takeError();
      Out += In + "{\n" + In + "  /* hetile: '" + R.A->Array + "', box " +
             std::to_string(K) + " */\n" + In +
             "  const long hetile_rn = " + *Hi + " - (" + *Lo + ") + 1;\n";
      auto Err = elements(*R.A, R.Starts[K], Indent + 2, Out,
                          [I, &Call](const std::string &L) {
                            return Call(I, L);
                          }, true);
      if (Err)
        return Err;
      Out += In + "  (void)hetile_rn;\n" + In + "}\n";
    }
  return llvm::Error::success();
}

void MpiEmitter::openRankBlocks(std::string &Out, bool EveryRank,
                                bool OwnOnly) const {
  const TileDim &C = col();
  Out += OwnOnly ? "      for (int hetile_q = hetile_me; hetile_q <= hetile_me; "
                   "hetile_q++) {\n"
                 : "      for (int hetile_q = 0; hetile_q < "
                   "hetile_mpi_size(hetile_m); hetile_q++) {\n";
  if (rootOnly() && !EveryRank && !OwnOnly)
    Out += "        if (hetile_me != 0 && hetile_q != hetile_me)\n"
           "          continue;\n";
  Out += "        for (long hetile_b = 0; hetile_mpi_block(hetile_m, "
         "hetile_q, hetile_b, &hetile_first,\n"
         "                                                  &hetile_last); "
         "hetile_b++) {\n"
         "          const long " + std::string(BlockLowParam) +
         " = hetile_col0 + hetile_first * " + C.Size + ";\n"
         "          const long " + std::string(BlockHighParam) +
         " = hetile_col0 + hetile_last * " + C.Size + " + " + C.Size +
         " - 1;\n";
}

void MpiEmitter::closeRankBlocks(std::string &Out) const {
  Out += "          (void)" + std::string(BlockLowParam) + ";\n"
         "          (void)" + std::string(BlockHighParam) + ";\n"
         "        }\n"
         "      }\n";
}

llvm::Error MpiEmitter::findDeferred() {
  if (!E.S.DeferTo.empty() && !rootOnly()) {
    Defers = !Comm.Arrays.empty();
    for (const ArrayTraffic &A : Comm.Arrays) {
      auto R = blockRuns(A);
      if (!R)
        return R.takeError();
      if (!*R) {
        Defers = false;
        break;
      }
      DeferArrays.push_back(std::move(**R));
    }
    if (!Defers)
      DeferArrays.clear();
  }
  if (!E.S.AfterDeferred || !Comm.FootprintsKnown)
    return llvm::Error::success();
  Fetches = true;
  for (const ArrayFootprint &F : Comm.Footprints) {
    ArrayTraffic &T = FootprintNames.emplace_back();
    T.Array = F.Array;
    T.Dims = F.Dims;
    auto R = runsOf(T, F.BlockReads);
    if (!R)
      return R.takeError();
    if (!*R) {
      Fetches = false;
      break;
    }
    NeedArrays.push_back(std::move(**R));
    // Writes that are not boxes count as overwriting nothing: their old
    // values move too.
    auto K = runsOf(T, F.Overwritten);
    if (!K)
      return K.takeError();
    if (*K)
      KillArrays.push_back(std::move(**K));
  }
  if (!Fetches) {
    NeedArrays.clear();
    KillArrays.clear();
    return llvm::Error::success();
  }
  for (const ArrayTraffic &A : Comm.Arrays) {
    auto R = blockRuns(A);
    if (!R)
      return R.takeError();
    if (*R)
      WriteArrays.push_back(std::move(**R));
  }
  return llvm::Error::success();
}

/// After the tiles: every rank's runs of final values go to the table of
/// what each rank lacks (hetile_mpi_defer); nothing moves.
llvm::Error MpiEmitter::defer(std::string &Out) {
  Out += "    /* hetile: the final values stay on the ranks that computed "
         "them: " + E.S.DeferTo + ",\n       which runs next, takes what it "
         "reads (hetile_mpi_defer) */\n"
         "    if (hetile_mpi_size(hetile_m) > 1) {\n";
  openRankBlocks(Out);
  if (auto Err = listRuns(DeferArrays, 10, Out,
                          [](size_t I, const std::string &L) {
                            return "hetile_mpi_defer_run(hetile_m, hetile_q, " +
                                   std::to_string(I) + ", &" + L +
                                   ", (size_t)hetile_rn * sizeof " + L + ");";
                          }))
    return Err;
  closeRankBlocks(Out);
  Out += checkedMpiCall(6, "hetile_mpi_defer(hetile_m)") + "    }\n";
  return llvm::Error::success();
}

/// Before the tiles: what the previous nest left on other ranks, each
/// rank's reads first (every rank's blocks listed), then the rest but what
/// the nest overwrites (hetile_mpi_fetch); where the footprints are not
/// boxes, everything (hetile_mpi_settle).
llvm::Error MpiEmitter::fetch(std::string &Out) {
  if (!Fetches) {
    Out += "    /* hetile: the final values the previous nest left on their "
           "ranks, to every rank */\n" +
           checkedMpiCall(4, "hetile_mpi_settle(hetile_m)");
    return llvm::Error::success();
  }
  Out += "    /* hetile: of the final values the previous nest left on their "
         "ranks, what each rank's\n       blocks read, and the rest but what "
         "this nest overwrites (hetile_mpi_fetch) */\n"
         "    if (hetile_mpi_size(hetile_m) > 1 && hetile_mpi_deferred()) {\n";
  openRankBlocks(Out, /*EveryRank=*/true);
  if (auto Err = listRuns(NeedArrays, 10, Out,
                          [](size_t, const std::string &L) {
                            return "hetile_mpi_need_run(hetile_m, hetile_q, &" +
                                   L + ", (size_t)hetile_rn * sizeof " + L +
                                   ");";
                          }))
    return Err;
  closeRankBlocks(Out);
  // This rank's last writes: pages it keeps, though the nest overwrites
  // them and its blocks do not read them.
  if (!WriteArrays.empty()) {
    openRankBlocks(Out, /*EveryRank=*/false, /*OwnOnly=*/true);
    if (auto Err = listRuns(WriteArrays, 10, Out,
                            [](size_t, const std::string &L) {
                              return "hetile_mpi_write_run(hetile_m, hetile_q, "
                                     "&" + L + ", (size_t)hetile_rn * sizeof " +
                                     L + ");";
                            }))
      return Err;
    closeRankBlocks(Out);
  }
  if (auto Err = listRuns(KillArrays, 6, Out,
                          [](size_t, const std::string &L) {
                            return "hetile_mpi_kill_run(hetile_m, &" + L +
                                   ", (size_t)hetile_rn * sizeof " + L + ");";
                          }))
    return Err;
  // The boxes of the arrays the nest writes: what lies outside them stays
  // where it is, as does what the nest only reads (no rank writes it, so
  // its holder still has its value: a later nest, or the end of this one,
  // takes it); none listed where one has no box: everything moves.
  bool Bounded = false;
  auto Touched = printArrayBoxes(
      E, 6, /*WrittenOnly=*/true,
      [](const std::string &, const std::string &Begin,
         const std::string &End) {
        return "hetile_mpi_touch_run(hetile_m, (const void *)(" + Begin +
               "), (const void *)(" + End + "));";
      },
      &Bounded);
  if (!Touched)
    return Touched.takeError();
  if (Bounded)
    Out += *Touched;
  Out += checkedMpiCall(6, "hetile_mpi_fetch(hetile_m)") + "    }\n";
  return llvm::Error::success();
}

/// Before the tiles: every rank lists the pieces it will send or receive
/// (the runs of RowBlockLiveOut of each row of each block of each rank, in
/// the order the rank runs them) and posts the receives; the rank sends
/// each of its pieces after the row (hetile_mpi_piece_done in tiles()).
llvm::Error MpiEmitter::pieces(std::string &Out) {
  Out += "    /* hetile: final values sent row by row as the nest runs: the "
         "pieces of every rank, in its order */\n"
         "    if (hetile_mpi_size(hetile_m) > 1) {\n";
  openRankBlocks(Out);
  unsigned I = 10;
  for (unsigned M = 0; M < N().Dims.size(); ++M) {
    if (M == N().ColumnDim)
      continue;
    const TileDim &D = N().Dims[M];
    Out += forHeader(I, "long " + D.Origin + " = " + RowStart[M],
                     D.Origin + " <= " + RowUpper[M],
                     D.Origin + " += " + D.Size) + " {\n";
    I += 2;
  }
  if (auto Err = listRuns(PieceArrays, I, Out))
    return Err;
  Out += spaces(I) + "if (hetile_mpi_piece(hetile_m, hetile_q, hetile_first) "
         "< 0) {\n" + spaces(I + 2) + MpiFail + spaces(I + 2) +
         "hetile_mpi_abort(hetile_m, 1);\n" + spaces(I) + "}\n";
  for (unsigned M = 0; M + 1 < N().Dims.size(); ++M) {
    I -= 2;
    Out += spaces(I) + "}\n";
  }
  closeRankBlocks(Out);
  Out += "      if (hetile_mpi_pieces_post(hetile_m, " +
         std::string(rootOnly() ? "1" : "0") + ") < 0) {\n"
         "        " + MpiFail +
         "        hetile_mpi_abort(hetile_m, 1);\n"
         "      }\n"
         "    }\n";
  return llvm::Error::success();
}

/// The final values packed element by element, at \p Indent: each rank
/// counts and packs what its tiles (walked by \p Walk) wrote last
/// (LiveOut) into a buffer of the runtime (reused by later nests, as is the
/// result), hetile_mpi_gather concatenates the ranks' buffers (on rank 0
/// only with --gather=root), and each rank unpacks the others' parts walking
/// their tiles.
llvm::Error MpiEmitter::gatherElements(TileWalker Walk, unsigned Indent,
                                       std::string &Out) {
  const std::string In = spaces(Indent);
  const std::string Root = rootOnly() ? "1" : "0";
  Out += In + "size_t hetile_bytes = 0, hetile_pos = 0;\n";
  auto Count = [&](unsigned I, std::string &O2) {
    return traffic(true, Mode::Count, I, O2);
  };
  if (auto Err = Walk("hetile_me", Indent, Out, Count))
    return Err;
  Out += In + "unsigned char *hetile_buf = (unsigned char *)hetile_mpi_gather_buffer(hetile_m, "
              "hetile_bytes);\n" +
         In + "size_t *hetile_off = (size_t *)malloc(sizeof(size_t) * "
              "(size_t)(hetile_mpi_size(hetile_m) + 1));\n" +
         In + "const void *hetile_all = 0;\n" +
         In + "if (!hetile_buf || !hetile_off) {\n" +
         In + "  fprintf(stderr, \"hetile: error: rank %d: out of memory\\n\", "
              "hetile_me);\n" +
         In + "  hetile_mpi_abort(hetile_m, 1);\n" +
         In + "}\n";
  auto Pack = [&](unsigned I, std::string &O2) {
    return traffic(true, Mode::Pack, I, O2);
  };
  if (auto Err = Walk("hetile_me", Indent, Out, Pack))
    return Err;
  Out += In + "if (hetile_mpi_gather(hetile_m, hetile_buf, hetile_bytes, " +
         Root + ", &hetile_all,\n" +
         In + "                      hetile_off) < 0) {\n" +
         In + "  " + MpiFail +
         In + "  hetile_mpi_abort(hetile_m, 1);\n" +
         In + "}\n" +
         In + "for (int hetile_q = 0; hetile_all && hetile_q < "
              "hetile_mpi_size(hetile_m); hetile_q++) {\n" +
         In + "  if (hetile_q == hetile_me)\n" +
         In + "    continue;\n" +
         In + "  hetile_buf = (unsigned char *)hetile_all;\n" +
         In + "  hetile_pos = hetile_off[hetile_q];\n";
  auto Unpack = [&](unsigned I, std::string &O2) {
    return traffic(true, Mode::Unpack, I, O2);
  };
  if (auto Err = Walk("hetile_q", Indent + 2, Out, Unpack))
    return Err;
  Out += In + "}\n" +
         In + "(void)hetile_pos;\n" +
         In + "free(hetile_off);\n";
  return llvm::Error::success();
}

/// After the nest: the final values to every rank (or rank 0). The arrays
/// whose final values per block of columns are boxes (RunArrays) move in
/// place: every rank lists the runs of consecutive elements of each rank's
/// blocks (hetile_mpi_run), and hetile_mpi_exchange moves them as
/// contiguous messages. The other arrays: each rank packs
/// what it owns of LiveOut into a buffer of the runtime (reused by later
/// nests, as is the result), and unpacks the others' parts.
llvm::Error MpiEmitter::gather(std::string &Out) {
  const std::string Root = rootOnly() ? "1" : "0";
  Out += "    /* hetile: final values of the arrays written, to " +
         std::string(rootOnly() ? "rank 0" : "every rank") +
         " (one rank has them all) */\n"
         "    if (hetile_mpi_size(hetile_m) > 1) {\n";
  if (RunArrays.empty() && !PieceArrays.empty())
    Out += "      /* hetile: the pieces not yet received */\n"
           "      if (hetile_mpi_exchange(hetile_m, " + Root + ") < 0) {\n"
           "        " + MpiFail +
           "        hetile_mpi_abort(hetile_m, 1);\n"
           "      }\n";
  if (!RunArrays.empty()) {
    Out += "      /* hetile: runs of consecutive final values, block by "
           "block */\n";
    openRankBlocks(Out);
    if (auto Err = listRuns(RunArrays, 10, Out))
      return Err;
    closeRankBlocks(Out);
    Out += "      if (hetile_mpi_exchange(hetile_m, " + Root + ") < 0) {\n"
           "        " + MpiFail +
           "        hetile_mpi_abort(hetile_m, 1);\n"
           "      }\n";
  }
  if (InRuns.size() == Comm.Arrays.size()) {
    Out += "    }\n";
    return llvm::Error::success();
  }
  Out += "      /* hetile: the other final values, element by element */\n";
  auto Blocks = [&](const std::string &Rank, unsigned I, std::string &O2,
                    TileBody Body) { return eachTile(Rank, I, O2, Body); };
  if (auto Err = gatherElements(Blocks, 6, Out))
    return Err;
  Out += "    }\n";
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// The processor grid (HETILE_GRID, docs/grids.md): [AY98] section 2 with MPI
// ranks as the processors of a p1 x p2 grid. Tile column (g0, g1) of band
// dimensions 0 and 1 runs on rank hetile_mpi_grid_owner (the runtime's
// owner tables: (g0 mod p1) * p2 + (g1 mod p2) for equal speeds), a rank
// walking its columns with hetile_mpi_grid_next; the other band dimensions
// are walked inside the rank. A rank runs its tiles in lexicographic order
// of (g0, g1, the others): a topological order of the tile dependences
// (all >= 0). Before a tile, it
// receives from the tiles (g0 - a, g1 - b) of the same walk position, 0 <=
// a <= K0, 0 <= b <= K1, of other ranks what the tile's grid column reads
// of them (GridFlowOut); after it, it sends (non-blocking) the same to the
// columns (g0 + a, g1 + b). A message is tagged by its sending column and
// (a, b); messages of one tag between two ranks differ only in their walk
// position, sent and received in the same order. No deadlock: the least
// tile (lexicographically) not yet run has run every tile it receives from
// (they are less), and its rank has run every tile of its own before it;
// sends never block. The final values move element by element (LiveOut per
// tile, hetile_mpi_gather).
//===----------------------------------------------------------------------===//

/// Loops over the tiles of rank \p Rank (C text) in its order, the tile's
/// origins declared and hetile_g0, hetile_g1 its grid column, then \p Body.
llvm::Error MpiEmitter::gridEachTile(const std::string &Rank,
                                     unsigned Indent, std::string &Out,
                                     TileBody Body) {
  for (unsigned M = 0; M < 2; ++M) {
    std::string G = "hetile_g" + std::to_string(M);
    std::string Next = "hetile_mpi_grid_next(hetile_m, " + Rank + ", " +
                       std::to_string(M) + ", ";
    Out += spaces(Indent + 2 * M) + "for (long " + G + " = " + Next +
           "-1); " + G + " < hetile_gn" + std::to_string(M) + "; " + G +
           " = " + Next + G + "))" + (M ? " {\n" : "\n");
  }
  unsigned I = Indent + 4;
  for (unsigned M = 0; M < 2; ++M)
    Out += spaces(I) + "const long " + N().Dims[M].Origin + " = hetile_gs" +
           std::to_string(M) + " + hetile_g" + std::to_string(M) + " * " +
           N().Dims[M].Size + ";\n";
  for (unsigned M = 2; M < N().Dims.size(); ++M) {
    const TileDim &D = N().Dims[M];
    Out += forHeader(I, "long " + D.Origin + " = " + RowStart[M],
                     D.Origin + " <= " + RowUpper[M],
                     D.Origin + " += " + D.Size) +
           (M + 1 == N().Dims.size() ? " {\n" : "\n");
    I += 2;
  }
  if (auto Err = Body(I, Out))
    return Err;
  Out += spaces(I - 2) + "}\n" + spaces(Indent + 2) + "}\n";
  return llvm::Error::success();
}

/// Before a tile (\p Receive) or after it: its messages from or to the
/// tiles of the same walk position in the grid columns (g0 -+ a, g1 -+ b).
llvm::Error MpiEmitter::gridMessages(bool Receive, unsigned Indent,
                                     std::string &Out) {
  std::string In = spaces(Indent);
  const std::string Sign = Receive ? " - " : " + ";
  const TileDim &D0 = N().Dims[0], &D1 = N().Dims[1];
  std::string Peer0 = "hetile_g0" + Sign + "hetile_a",
              Peer1 = "hetile_g1" + Sign + "hetile_b";
  Out += In + (Receive ? "/* hetile: receive what this tile reads of other "
                         "ranks' tiles (grid) */\n"
                       : "/* hetile: send what other ranks' tiles read of "
                         "this tile (grid) */\n");
  if (Receive)
    Out += In + "for (long hetile_a = 0; hetile_a <= hetile_K0 && hetile_a "
                "<= hetile_g0; hetile_a++)\n" +
           In + "  for (long hetile_b = 0; hetile_b <= hetile_K1 && hetile_b "
                "<= hetile_g1; hetile_b++) {\n";
  else
    Out += In + "for (long hetile_a = 0; hetile_a <= hetile_K0 && hetile_g0 "
                "+ hetile_a < hetile_gn0; hetile_a++)\n" +
           In + "  for (long hetile_b = 0; hetile_b <= hetile_K1 && "
                "hetile_g1 + hetile_b < hetile_gn1; hetile_b++) {\n";
  std::string I2 = In + "    ";
  Out += I2 + "const int hetile_peer = hetile_mpi_grid_owner(hetile_m, " +
         Peer0 + ", " + Peer1 + ");\n" + I2 +
         "if (hetile_peer == hetile_me)\n" + I2 + "  continue;\n";
  // GridFlowOut's parameters: the sending tile's origins (o_m) and the
  // receiving grid column's (hetile_dg0, hetile_dg1).
  if (Receive)
    Out += I2 + "const long " + GridOriginParams[0] + " = " + D0.Origin +
           ", " + GridOriginParams[1] + " = " + D1.Origin + ";\n" + I2 +
           "const long hetile_so0 = " + D0.Origin + " - hetile_a * " +
           D0.Size + ", hetile_so1 = " + D1.Origin + " - hetile_b * " +
           D1.Size + ";\n";
  else
    Out += I2 + "const long " + GridOriginParams[0] + " = " + D0.Origin +
           " + hetile_a * " + D0.Size + ", " + GridOriginParams[1] + " = " +
           D1.Origin + " + hetile_b * " + D1.Size + ";\n";
  Out += I2 + "size_t hetile_bytes = 0, hetile_pos = 0;\n" + I2 +
         "unsigned char *hetile_buf = 0;\n" + I2 +
         "for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {\n" +
         I2 + "  if (hetile_pass) {\n" + I2 + "    if (hetile_bytes == 0)\n" +
         I2 + "      break;\n";
  if (Receive)
    Out += I2 + "    if (hetile_bytes > hetile_rcap) {\n" + I2 +
           "      free(hetile_rbuf);\n" + I2 +
           "      hetile_rbuf = (unsigned char *)malloc(hetile_bytes);\n" + I2 +
           "      hetile_rcap = hetile_rbuf ? hetile_bytes : 0;\n" + I2 +
           "    }\n" + I2 + "    hetile_buf = hetile_rbuf;\n" + I2 +
           "    if (!hetile_buf || hetile_mpi_recv(hetile_m, hetile_peer, "
           "hetile_gtag(" + Peer0 + ", " + Peer1 +
           ", hetile_a, hetile_b), hetile_buf, hetile_bytes) < 0) {\n" + I2 +
           "      " + MpiFail + I2 + "      hetile_mpi_abort(hetile_m, 1);\n" +
           I2 + "    }\n";
  else
    Out += I2 + "    hetile_buf = (unsigned char *)hetile_mpi_send_buffer(hetile_m, "
                "hetile_bytes);\n" +
           I2 + "    if (!hetile_buf) {\n" + I2 + "      " + MpiFail + I2 +
           "      hetile_mpi_abort(hetile_m, 1);\n" + I2 + "    }\n";
  Out += I2 + "  }\n";
  if (Receive) {
    E.Exprs.Names[D0.Origin] = "hetile_so0";
    E.Exprs.Names[D1.Origin] = "hetile_so1";
  }
  llvm::Error Err = traffic(
      false, Receive ? Mode::CountUnpack : Mode::CountPack, Indent + 6, Out);
  if (Receive) {
    E.Exprs.Names.erase(D0.Origin);
    E.Exprs.Names.erase(D1.Origin);
  }
  if (Err)
    return Err;
  Out += I2 + "}\n";
  if (!Receive)
    Out += I2 + "if (hetile_bytes && hetile_mpi_send(hetile_m, hetile_peer, "
                "hetile_gtag(hetile_g0, hetile_g1, hetile_a, hetile_b), "
                "hetile_buf, hetile_bytes) < 0) {\n" +
           I2 + "  " + MpiFail + I2 + "  hetile_mpi_abort(hetile_m, 1);\n" +
           I2 + "}\n";
  Out += I2 + "(void)" + GridOriginParams[0] + ";\n" + I2 + "(void)" +
         GridOriginParams[1] + ";\n";
  if (Receive)
    Out += I2 + "(void)hetile_so0;\n" + I2 + "(void)hetile_so1;\n";
  Out += I2 + "(void)hetile_buf;\n" + I2 + "(void)hetile_pos;\n" + In +
         "  }\n";
  return llvm::Error::success();
}

/// The tiles of this rank on the grid, each with its receives before and
/// its sends after (one thread per rank, with mpi+omp too).
llvm::Error MpiEmitter::gridTiles(std::string &Out) {
  Out += "      unsigned char *hetile_rbuf = 0;\n"
         "      size_t hetile_rcap = 0;\n"
         "      /* hetile: tile loops (grid) */\n";
  auto Tile = [&](unsigned I, std::string &O2) -> llvm::Error {
    if (auto Err = gridMessages(true, I, O2))
      return Err;
    O2 += spaces(I) + "hetile_mpi_compute_begin(hetile_m);\n";
    if (auto Err = E.pointLoops(E.buildInBox(), I, O2))
      return Err;
    O2 += spaces(I) + "hetile_mpi_compute_end(hetile_m, 1);\n";
    return gridMessages(false, I, O2);
  };
  if (auto Err = gridEachTile("hetile_me", 6, Out, Tile))
    return Err;
  Out += "      free(hetile_rbuf);\n";
  return llvm::Error::success();
}

/// After the nest on the grid: every rank packs the final values its tiles
/// wrote last (LiveOut), element by element, hetile_mpi_gather concatenates
/// them, and each rank unpacks the others' (rank 0 only with
/// --gather=root).
llvm::Error MpiEmitter::gridGather(std::string &Out) {
  Out += "      /* hetile: final values of the arrays written, to " +
         std::string(rootOnly() ? "rank 0" : "every rank") +
         ", element by element (grid) */\n"
         "      if (hetile_mpi_size(hetile_m) > 1) {\n";
  auto Columns = [&](const std::string &Rank, unsigned I, std::string &O2,
                     TileBody Body) { return gridEachTile(Rank, I, O2, Body); };
  if (auto Err = gatherElements(Columns, 8, Out))
    return Err;
  Out += "      }\n";
  return llvm::Error::success();
}

/// `if (grid) { the grid's code } else {` (emit closes it after the
/// ring's code): hetile_mpi_grid decides at run time from HETILE_GRID.
llvm::Error MpiEmitter::gridBranch(std::string &Out) {
  Out += "    /* hetile: processor grid (HETILE_GRID) over band dimensions 0 "
         "and 1 [AY98] */\n";
  for (unsigned M = 0; M < 2; ++M) {
    const TileDim &D = N().Dims[M];
    std::string G = std::to_string(M);
    Out += "    const long hetile_gs" + G + " = " + RowStart[M] + ";\n"
           "    const long hetile_gn" + G + " = " + RowUpper[M] +
           " >= hetile_gs" + G + "\n"
           "        ? (" + RowUpper[M] + " - hetile_gs" + G + ") / " + D.Size +
           " + 1 : 0;\n";
  }
  // mpi+omp: the ranks' threads, so that several keep the ring unless
  // HETILE_GRID asks for the grid. Sizes chosen by the runtime come with
  // the grid they were chosen for (hetile_grid_sized, NestEmitter::tileSizes).
  const std::string Sized =
      N().ConstantSizes.empty() ? "hetile_grid_sized" : "0";
  auto Grid = [&](const std::string &Threads) {
    return "hetile_mpi_grid_sized(hetile_m, hetile_gn0, hetile_gn1, " +
           Threads + ", " + Sized + ")";
  };
  Out += (Threaded ? ompQuery(4, "const int hetile_grid",
                              Grid("omp_get_max_threads()"), Grid("1"))
                   : "    const int hetile_grid = " + Grid("1") + ";\n") +
         "    if (hetile_grid < 0) {\n"
         "      " + std::string(MpiFail) +
         "      hetile_mpi_abort(hetile_m, 1);\n"
         "    }\n";
  for (unsigned M = 0; M < 2; ++M) {
    std::string G = std::to_string(M);
    std::string K = "hetile_gn" + G;
    if (!Comm.MaxGridDistance[M].is_null()) {
      auto D = E.print(E.buildInside(0), Comm.MaxGridDistance[M],
                       "the largest distance along band dimension " + G, true);
      if (!D)
        return D.takeError();
      K = "(" + *D + " <= 0 ? 0 : (" + *D + " + " + N().Dims[M].Size +
          " - 1) / " + N().Dims[M].Size + ")";
    }
    Out += "    /* grid columns along band dimension " + G +
           " that may read a tile's values */\n"
           "    const long hetile_K" + G + " = " + K + ";\n";
  }
  Out += "#define hetile_gtag(g0, g1, a, b) \\\n"
         "    (int)(((((g0) * hetile_gn1 + (g1)) * (hetile_K0 + 1) + (a)) * "
         "(hetile_K1 + 1) + (b)) % hetile_tags)\n"
         "    if (hetile_grid) {\n";
  if (E.S.AfterDeferred)
    Out += "      /* hetile: the final values the previous nest left on "
           "their ranks, to every rank */\n" +
           checkedMpiCall(6, "hetile_mpi_settle(hetile_m)");
  GridPath = true;
  llvm::Error Err = gridTiles(Out);
  if (!Err)
    Err = gridGather(Out);
  GridPath = false;
  if (Err)
    return Err;
  Out += "    } else {\n";
  return llvm::Error::success();
}

llvm::Error MpiEmitter::emit(std::string &Out) {
  const TileDim &C = col();
  std::string K;
  if (Comm.MaxColumnDistance.is_null()) {
    K = "hetile_ncols"; // every column to the right may read a tile's values
  } else {
    auto D = E.print(E.buildInside(0), Comm.MaxColumnDistance,
                     "the largest column distance", true);
    if (!D)
      return D.takeError();
    K = "(" + *D + " <= 0 ? 0 : (" + *D + " + " + C.Size + " - 1) / " + C.Size + ")";
  }
  Out += "  /* hetile: tile columns along band dimension " +
         std::to_string(N().ColumnDim) +
         ", allocated to MPI ranks in blocks by the runtime */\n"
         "  const long hetile_col0 = " + ColStart + ";\n"
         "  const long hetile_ncols = " + ColUpper + " >= hetile_col0\n"
         "      ? (" + ColUpper + " - hetile_col0) / " + C.Size + " + 1 : 0;\n"
         "  {\n"
         "    hetile_mpi *hetile_m = 0;\n"
         "    if (hetile_mpi_begin(hetile_ncols, &hetile_m) < 0) {\n"
         "      fprintf(stderr, \"hetile: error: rank %d: %s\\n\", "
         "hetile_mpi_world_rank(),\n"
         "              hetile_last_error());\n"
         "      hetile_mpi_abort(0, 1);\n"
         "    }\n"
         "    const int hetile_me = hetile_mpi_rank(hetile_m);\n"
         "    /* columns to the right that may read a tile's values */\n"
         "    const long hetile_K = " + K + ";\n"
         "    const long hetile_tags = (long)hetile_mpi_tag_ub(hetile_m) + 1;\n"
         "#define hetile_tag(col, k) \\\n"
         "    (int)(((col) * (hetile_K + 1) + (k)) % hetile_tags)\n"
         "/* one element of a message: pass 0 counts it, pass 1 packs or "
         "unpacks it */\n"
         "#define hetile_send_elem(x) \\\n"
         "    do { if (hetile_pass) { memcpy(hetile_buf + hetile_pos, &(x), "
         "sizeof(x)); hetile_pos += sizeof(x); } \\\n"
         "         else hetile_bytes += sizeof(x); } while (0)\n"
         "#define hetile_recv_elem(x) \\\n"
         "    do { if (hetile_pass) { memcpy(&(x), hetile_buf + hetile_pos, "
         "sizeof(x)); hetile_pos += sizeof(x); } \\\n"
         "         else hetile_bytes += sizeof(x); } while (0)\n"
         "    long hetile_first, hetile_last;\n";
  if (auto Err = findRuns())
    return Err;
  if (auto Err = findDeferred())
    return Err;
  Grid = N().Dims.size() >= 3;
  std::string GridText, Ring;
  if (Grid)
    if (auto Err = gridBranch(GridText))
      return Err;
  if (E.S.AfterDeferred) {
    // Where the listing of the footprints fails, the nest takes everything
    // left (the nest's budget aside).
    std::string Fetch;
    if (llvm::Error Err = fetch(Fetch)) {
      if (auto Budget = E.checkBudget()) {
        llvm::consumeError(std::move(Err));
        return Budget;
      }
      llvm::consumeError(std::move(Err));
      Fetches = false;
      Fetch.clear();
      if (auto Err2 = fetch(Fetch))
        return Err2;
    }
    Ring += Fetch;
  }
  // A nest that leaves its values sends no pieces and has no final
  // exchange.
  if (Defers)
    PieceArrays.clear();
  if (!PieceArrays.empty())
    if (auto Err = pieces(Ring))
      return Err;
  if (auto Err = tiles(Ring))
    return Err;
  Ring += "#undef hetile_tag\n#undef hetile_send_elem\n#undef hetile_recv_elem\n";
  if (auto Err = Defers ? defer(Ring) : gather(Ring))
    return Err;
  // What earlier nests left and this one did not touch, after its own
  // exchange.
  if (E.S.AfterDeferred && !Defers)
    Ring += checkedMpiCall(4, "hetile_mpi_settle(hetile_m)");
  // The grid's branch doubles the nest's code: left out (the nest then
  // runs on the ring whatever HETILE_GRID says) where the two would take
  // more than three quarters of --max-nest-code-bytes (the rest is for the
  // code around them), so that a nest is not refused for the grid's sake.
  if (Grid && O.MaxNestCodeBytes &&
      GridText.size() + Ring.size() > O.MaxNestCodeBytes / 4 * 3)
    Grid = false;
  if (Grid)
    Out += GridText + Ring + "    }\n#undef hetile_gtag\n";
  else
    Out += Ring;
  auto Resident = printResidentNotes(E, 6);
  if (!Resident)
    return Resident.takeError();
  Out += "    if (hetile_mpi_verbose(hetile_m)) {\n"
         "      if (hetile_me == 0)\n"
         "        fprintf(stderr, \"%s\\n\", hetile_mpi_describe(hetile_m));\n" +
         *Resident +
         "      (void)hetile_mpi_final_to(hetile_m, \"" +
         (Defers ? "their ranks: " + E.S.DeferTo + " takes what it reads"
                 : finalValuesTo(O.GatherRoot, E.S)) + "\");\n"
         "      fprintf(stderr, \"%s\\n\", hetile_mpi_stats(hetile_m));\n"
         "    }\n"
         "    if (hetile_mpi_end(hetile_m) < 0) {\n"
         "      " + std::string(MpiFail) +
         "      hetile_mpi_abort(0, 1);\n"
         "    }\n"
         "  }\n";
  return llvm::Error::success();
}

} // namespace

std::string mpiNumProcs(bool Threaded) {
  if (!Threaded)
    return "  const int hetile_nprocs = hetile_mpi_world_size();\n";
  return ompQuery(2, "const int hetile_nthreads", "omp_get_max_threads()",
                  "1") +
         "  const int hetile_nprocs = hetile_mpi_world_size() * "
         "hetile_nthreads;\n";
}

llvm::Error emitMpiLoops(NestEmitter &E, const Communication &Comm,
                         const Options &O, std::string &Out) {
  MpiEmitter M{E, Comm, O, O.TargetBackend == Backend::MpiOmp, {}, {}, {}, {}, {}, {},
               {}, {}};
  isl::ast_build Build = E.buildInside(0);
  for (const TileDim &Dim : E.N.Dims) {
    auto L = E.print(Build, Dim.GlobalLower, "the lower bound of " + Dim.Origin);
    auto U = E.print(Build, Dim.GlobalUpper, "the upper bound of " + Dim.Origin,
                     true);
    if (!L)
      return L.takeError();
    if (!U)
      return U.takeError();
    M.RowStart.push_back("hetile_floord(" + *L + ", " + Dim.Size + ") * " +
                         Dim.Size);
    M.RowUpper.push_back(*U);
  }
  M.ColStart = M.RowStart[E.N.ColumnDim];
  M.ColUpper = M.RowUpper[E.N.ColumnDim];
  return M.emit(Out);
}

} // namespace hetile
