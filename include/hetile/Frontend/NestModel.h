//===- NestModel.h - The nest as read from the AST, before isl --*- C++ -*-===//
//
// The frontend reads a nest in two phases: the walk over the AST fills a
// NestModel (loops, statements, guards and subscripts as AffineExpr/Cond over
// Clang variables); ScopAssembler then names everything for isl and builds
// the isl objects of the Scop through isl's API. The walk needs all
// parameters before the isl spaces can be made, hence the split.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_NESTMODEL_H
#define HETILE_FRONTEND_NESTMODEL_H

#include "hetile/Frontend/AffineExpr.h"
#include "hetile/Frontend/Delinearize.h"
#include "hetile/Frontend/RejectReason.h"
#include "hetile/Frontend/Scop.h"

#include "clang/AST/Decl.h"

#include <optional>
#include <set>
#include <vector>

namespace hetile {

struct LoopModel {
  const clang::VarDecl *Iter = nullptr;
  /// Index of the enclosing loop in NestModel::Loops, -1 for the outermost.
  int Parent = -1;
  ScopLoop Info;
  /// What the exit facts of the loop (LoopExit) are made of:
  /// the bounds and guards around the header (where it runs),
  Cond Entry;
  /// the loop's own start (with its stride) and condition (Entry and Range
  /// are its iterations),
  Cond Range;
  /// and its start value.
  Piecewise Start;
  /// The schedule constants of the enclosing loops and of the loop's own
  /// place among its siblings (one more than the enclosing loops, as for a
  /// statement in its place): they order the header runs of loops that
  /// share an iterator.
  std::vector<int64_t> Positions;
  /// Whether the iterator is declared inside the nest, not in the header:
  /// it has no value after the nest.
  bool DeclaredInNest = false;
};

struct AccessModel {
  MemoryAccess::AccessKind Kind = MemoryAccess::AccessKind::Read;
  const clang::VarDecl *Array = nullptr;
  std::vector<AffineExpr> Subscripts; ///< outermost first; empty for scalars
  /// The subscript of a flat access, `a[i * n + j]` (Delinearize.h): a
  /// polynomial, split into Subscripts once the array's rows are known.
  std::optional<Polynomial> Flat;
  /// The subscript of an access with one subscript (for messages).
  const clang::Expr *Index = nullptr;
  /// Where the subscripts stay in the rows of a delinearized array, when no
  /// proof was found (the nest runs under it): true otherwise.
  Cond InRows;
  std::string Text;
  SourceLoc Loc;
};

struct StmtModel {
  std::vector<unsigned> LoopIds;
  /// Loop bounds and guards around the statement.
  Cond Domain;
  /// The constants of the 2d+1 schedule, one per level (LoopIds.size() + 1).
  std::vector<int64_t> Positions;
  std::vector<AccessModel> Accesses;
  std::string Text;
  /// The names Text uses (StmtIdentifiers.h).
  std::set<std::string> Identifiers;
  SourceSpan Span;
  /// The run declares a variable at its top level.
  bool Declares = false;
  /// The recomputed scalars it reads (NestWalker::isRecomputed).
  std::vector<const clang::VarDecl *> Recomputed;
};

struct ArrayModel {
  const clang::VarDecl *Decl = nullptr;
  ScopArray Info; ///< everything but Written, which the assembler sets
  /// The row lengths of a delinearized array, outermost first (the extents
  /// of its dimensions but the first: a parameter, or an affine form of
  /// them such as m + 1); empty for the others.
  std::vector<AffineExpr> RowExtents;
  /// The subscripts of every read of the array by code outside the nest,
  /// affine in the parameters, when those are all the code outside can read
  /// of it (Frontend/ReadAfter.h); nullopt when it may read any element.
  std::optional<std::vector<std::vector<AffineExpr>>> ReadAfter;
  /// For a delinearized array of one row length: the flat subscripts of
  /// those reads, polynomials in the parameters (`n * (m + 1) + m`), split
  /// into the model's row and column by the assembler.
  std::vector<Polynomial> FlatReadAfter;
};

/// Two pointer-based arrays (indices into NestModel::Arrays) that may
/// overlap, and where the second is first used.
struct AliasPairModel {
  unsigned First = 0, Second = 0;
  clang::SourceLocation Use;
};

/// A C integer fact that the model needs and that the parameters alone
/// decide (Frontend/RangeChecks.cpp): a dividend of `/` or `%` that is not
/// negative, a conversion or an unsigned operation that keeps its value.
/// The nest is tiled under it, checked at run time (Scop::ValueChecks).
struct ValueFactModel {
  /// Over the parameters: where the fact holds.
  Cond Holds;
  /// The fact as the program spells it: "ntimes >= 0".
  std::string Text;
  /// The refusal the nest gets where the fact never holds.
  RejectReason Refusal;
};

/// A load the nest never writes (NestWalker::invariantLoad): a member of a
/// struct or class read through a variable the nest never writes. It
/// stands in the model for its value, a variable of its own (Var, made for
/// it): a parameter where it is an integer, an array's base where it is a
/// pointer. The nest is tiled under the run-time check that its writes do
/// not reach the member (Scop::LoadChecks).
struct LoadModel {
  const clang::VarDecl *Var = nullptr;
  /// The pointer it is read through (`f` of `f->rows`), null when it is
  /// read from a variable or through `this`, which are always valid.
  const clang::VarDecl *Pointer = nullptr;
  /// The member as C text ("f->rows", "this->rows_", "s.in.n"; a member
  /// through a loaded pointer through that load: "hetile_f_g->rows").
  std::string Text;
  /// The member as the source spells it ("f->g->rows").
  std::string Spelled;
  /// Var's C type ("int", "double *", "double (*)[64]").
  std::string Type;
  /// Var's declaration without initializer ("int hetile_f_rows",
  /// "double (*hetile_p_a)[64]"): a pointer to rows puts the name inside.
  std::string Declaration;
  /// The object whose bytes the nest's writes must miss: Text, or the
  /// vector whose data() Text is ("this->v_").
  std::string Object;
  /// For a row table (`double **r` read as r[i][j]): the variable that
  /// stands for the distance between its rows, in elements; Var is then
  /// the address of its row 0 and Text the table. The rows must be
  /// equally spaced, checked at run time (NestWalker::rowTable).
  const clang::VarDecl *Stride = nullptr;
  /// For the data of a std::vector member of `this` that the nest's text
  /// only ever subscripts by the member's bare name (`next_[k]`, not
  /// `this->next_[k]` nor through an accessor): that name. A local pointer
  /// of that name then hides the member for the statements (the strips'
  /// copies: CodeGen/StripsCodeGen.cpp). Empty otherwise.
  std::string BareMember;
  bool OnlyBare = true;
  /// Where the original nest surely reads it (and so may Pointer be
  /// dereferenced): per read, the condition over the iterators of Loops.
  struct Read {
    Cond Where;
    std::vector<unsigned> Loops;
    unsigned Order = 0; ///< the walk's count of sure reads, for ordering
  };
  std::vector<Read> SureReads;
};

struct NestModel {
  std::vector<LoopModel> Loops;
  std::vector<StmtModel> Stmts;
  /// In order of first use in a bound, guard or subscript.
  std::vector<const clang::VarDecl *> Params;
  std::vector<ArrayModel> Arrays;
  /// The pairs of arrays that need a run-time alias check.
  std::vector<AliasPairModel> MayAlias;
  /// The facts about C integer values checked at run time.
  std::vector<ValueFactModel> ValueFacts;
  /// The scalars recomputed where they are read (NestWalker::isRecomputed):
  /// each statement that reads one declares its own.
  std::set<const clang::VarDecl *> Recomputed;
  /// The loads the nest never writes, in order of first use.
  std::vector<LoadModel> Loads;

  /// How many subscripts the nest's accesses to \p Array have (the model's
  /// dimensions of the array); none where the nest does not access it.
  std::optional<unsigned> subscriptCount(const clang::VarDecl *Array) const {
    for (const StmtModel &SM : Stmts)
      for (const AccessModel &Acc : SM.Accesses)
        if (Acc.Array == Array)
          return unsigned(Acc.Subscripts.size());
    return std::nullopt;
  }
};

} // namespace hetile

#endif
