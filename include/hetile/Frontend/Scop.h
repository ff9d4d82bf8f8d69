//===- Scop.h - The polyhedral model of one loop nest -----------*- C++ -*-===//
//
// A Scop is what the frontend extracts from one loop nest of the Clang AST:
// statements with iteration domains, original schedule and memory accesses as
// isl objects, plus each statement's source text so code generation can
// re-emit it. Stages after the frontend use only this (no Clang types).
//
// Naming in the isl objects:
//   statements  S0, S1, ...          (tuple names of domains/schedules)
//   parameters  the C names          (N, M, ...)
//   arrays      the C names          (A, B, ...); a scalar is a 0-d array
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_SCOP_H
#define HETILE_FRONTEND_SCOP_H

#include "hetile/Frontend/SourceLoc.h"
#include "hetile/Support/IslUtils.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hetile {

/// An array (or scalar) the nest reads or writes.
struct ScopArray {
  enum class StorageKind {
    Static,   ///< declared array (global or local): cannot alias another
    Pointer,  ///< pointer or array parameter (incl. VLA params): may alias
    Scalar,   ///< a scalar variable declared outside the nest (0-d array)
  };
  std::string Name;
  /// The tuple name of the array in the isl relations: Name, unless Name
  /// looks like a statement name (S0): then Name followed by `_` (see
  /// Frontend/IslNames.h).
  std::string IslName;
  std::string ElementType; ///< C spelling, e.g. "double"
  unsigned ElementBytes = 0;
  /// C text of each extent, outermost first; "" where unknown (the outer
  /// dimension of a pointer parameter).
  std::vector<std::string> Extents;
  /// An array addressed through flat subscripts, `a[i * n + j]`, that the
  /// model gives more dimensions (Frontend/Delinearize.h): the C names of
  /// the extents of its dimensions but the first, outermost first ("n",
  /// "m"). Its C type keeps Extents; element (x, y, z) is
  /// `a[(x * n + y) * m + z]`. Empty for the other arrays.
  std::vector<std::string> RowExtents;
  /// The lengths of the rows the subscripts but the first stay in:
  /// RowExtents, else the declared extents but the first.
  std::vector<std::string> rowLengths() const {
    if (!RowExtents.empty() || Extents.empty())
      return RowExtents;
    return std::vector<std::string>(Extents.begin() + 1, Extents.end());
  }
  StorageKind Storage = StorageKind::Static;
  /// An array of structs whose members the nest reads and writes, `a[i].re`,
  /// `c[k].u[1]`: the model gives it one dimension more than Extents, the
  /// byte offset of the member inside its struct (distinct members never
  /// overlap, so the model's elements are exactly the bytes the nest
  /// touches). ElementType and ElementBytes are the struct's.
  bool Members = false;
  /// For Members: the struct's members and their byte offsets, as the
  /// report prints them ("rho at 0, u[3] at 8").
  std::string MemberLayout;
  /// For Members: the C types of the members the nest reads and writes
  /// ("double"), and the size of one when there is one type: the mpi
  /// backends move such members as numbers of that type.
  std::set<std::string> MemberTypes;
  unsigned MemberBytes = 0;
  bool Restrict = false;
  bool Written = false;
  /// For an array the nest's function owns and reads in sight
  /// (Frontend/ReadAfter.h): the elements that code outside the nest may
  /// read, over the parameters; null when it may read any element.
  isl::set ReadAfter;
  /// A local variable of the nest's function, declared outside the nest,
  /// whose address never escapes (Frontend/PrivateVars.h): a scalar or an
  /// array of constant size. A tile may compute on a copy of its own when
  /// the analysis proves it may (Analysis/Privatization.h).
  bool Privatizable = false;
  /// Declaration of such a copy, as C: "double s = 0", "double sum[12]".
  std::string PrivateDecl;
  /// Declaration of the pointer to the variable through which the copy's
  /// final values reach it: "double (*const hetile_last_sum)[12]".
  std::string PrivateTarget;
  /// The statement that releases the copy at the end of the tile, "" when
  /// there is nothing to release (a copy of a pointer parameter larger than
  /// MaxPrivateBytes lives on the heap).
  std::string PrivateFree;
};

struct MemoryAccess {
  enum class AccessKind { Read, MustWrite, MayWrite };
  AccessKind Kind = AccessKind::Read;
  std::string Array;
  /// [params] -> { S0[i, j] -> A[i - 1, j] }
  isl::map Relation;
  /// The access as written, e.g. "A[i-1][j]".
  std::string Text;
  SourceLoc Loc;
  bool isWrite() const { return Kind != AccessKind::Read; }
};

/// One loop of the nest as written (for code generation and reports).
struct ScopLoop {
  std::string Iterator;
  std::string IteratorType; ///< C spelling, e.g. "int"
  long Step = 1;            ///< signed constant step
  SourceLoc Loc;
  /// Whether the iterator is declared in the loop header (`for (int i...`),
  /// or in a body of the nest for its loops only (`{ int i; for (i = ...`,
  /// Frontend/NestScan.h): then it is dead after the nest.
  bool DeclaredInHeader = false;
};

/// The facts about one loop L that fix the value its iterator v holds after
/// the nest (CodeGen/ExitValue.h computes it). The outer iterations are those
/// of the loops enclosing L in the nest, outermost first (n >= 0), named as in
/// the statements' domains; the tuples are unnamed.
struct LoopExit {
  /// Index of the loop in Scop::Loops.
  unsigned Loop = 0;
  /// [p] -> { [o_1, ..., o_n] }: outer iterations at which L's header runs:
  /// the enclosing loops' iterations and the affine guards around L
  /// ({ [] } for an outermost loop, which is always reached).
  isl::set EntryDomain;
  /// [p] -> { [o_1, ..., o_n, v] }: the iterations of L (EntryDomain times
  /// the range of v).
  isl::set Iterations;
  /// [p] -> { [o_1, ..., o_n] -> [v0] }: the initial value of v, a function
  /// defined on all of EntryDomain.
  isl::map Init;
  /// Steps of the outer loops (only their signs matter: a negative step
  /// runs that loop downwards). Empty means all positive.
  std::vector<long> OuterSteps;
  /// [p] -> { : ... }: where L's header is the last, in execution order, to
  /// run of the loops of the nest that share its iterator (each loop runs
  /// to its end before the next header of another runs, so that loop's
  /// exit value is the iterator's). Null when L's iterator is its own.
  isl::set LastOfShared;
};

/// A polyhedral statement: one C statement or a maximal run of consecutive
/// non-loop statements in one compound (so scalars local to the body stay
/// local), executed under the same loops and guards.
struct ScopStmt {
  std::string Name; ///< S0, S1, ...
  /// Iterators of the surrounding loops, outermost first (C names).
  std::vector<std::string> Iterators;
  /// Indices into Scop::Loops of the surrounding loops, outermost first.
  std::vector<unsigned> LoopIds;
  /// [params] -> { S0[i, j] : ... }
  isl::set Domain;
  /// Original execution order, 2d+1 form: S0[i, j] -> [c0, i, c1, j, c2]
  /// (an iterator of a loop with negative step appears negated).
  isl::map Schedule;
  std::vector<MemoryAccess> Accesses;
  /// The C text of the statement(s), verbatim from the source.
  std::string Text;
  /// Every name Text refers to or declares, from the AST
  /// (Frontend/StmtIdentifiers.h): the names a declaration that code
  /// generation puts around Text must not take, and the iterators Text uses.
  std::set<std::string> Identifiers;
  SourceSpan Span;
  /// The text declares a variable at its top level (`double t = ...;`): it
  /// is never the unbraced body of a loop or an `if`, and code generation
  /// prints it in a block of its own, so that two copies never meet in one
  /// scope.
  bool Declares = false;
};

/// The elements one pointer-based array of the nest may touch, as a box:
/// per subscript, its lowest and highest value over the nest's iterations
/// (Frontend/AliasChecks.h).
struct ArrayBounds {
  std::string Array; ///< C name
  /// [params] -> { : the nest touches the array }
  isl::set Touched;
  /// Per subscript, outermost first: [params] -> { [min] } and { [max] },
  /// defined on Touched.
  std::vector<isl::pw_aff> Min, Max;
};

/// A delinearized array whose subscripts could not be proven to stay in its
/// rows (Frontend/Delinearize.h): the tiled code runs only where Holds.
struct RowCheck {
  std::string Array; ///< C name
  /// [params] -> { : every access of the array stays in its rows }
  isl::set Holds;
  /// The first access that leaves the rows wherever its statement runs
  /// (its text and location; empty text when none does).
  std::string Access;
  SourceLoc Loc;
};

/// A fact about C integer values that the model needs and that holds for
/// some values of the parameters only (Frontend/RangeChecks.cpp): the
/// dividend of `/` or `%` is not negative (C rounds toward zero, the model
/// down), a conversion or an unsigned operation keeps its value. The tiled
/// code runs only where Holds.
struct ValueCheck {
  /// The fact as the program spells it: "ntimes >= 0", "len <= 2147483647".
  std::string Text;
  /// [params] -> { : the fact holds }
  isl::set Holds;
};

/// Two pointer-based arrays that may overlap (not both restrict, at least
/// one written): the tiled code runs only where, at run time, the bytes the
/// nest touches in one lie outside those it touches in the other.
struct AliasCheck {
  unsigned First = 0, Second = 0; ///< indices into Scop::Bounds
};

/// A load the nest never writes (NestModel::LoadModel), read once before
/// the nest into a variable of its own where the tiled code names it.
struct InvariantLoad {
  /// The variable ("hetile_f_rows"): a parameter or an array's name.
  std::string Name;
  /// The member as C text ("f->rows").
  std::string Text;
  /// The variable's C type ("int", "double *", "double (*)[64]").
  std::string Type;
  /// Its declaration without initializer (LoadModel::Declaration).
  std::string Declaration;
  /// The object the writes must miss (LoadModel::Object).
  std::string Object;
  /// For a row table (LoadModel::Stride): the parameter that holds the
  /// distance between its rows; Name is then the array of its rows.
  std::string Stride;
  /// The tiled code names the variable (it is a parameter or an array).
  bool Declared = false;
  /// What the remarks call it: Text, or "the rows of Text" for a row table.
  std::string describe() const {
    return Stride.empty() ? Text : "the rows of " + Text;
  }
  /// Where Text is `P->m`, P a pointer variable of the program to a struct
  /// that may be copied byte for byte (C, or a trivially copyable C++
  /// class), and m a member: P and m. Code that must make the statements
  /// read another value of the member gives them a P of its own, pointing
  /// to a copy of *P (the strips' copies: CodeGen/StripsCodeGen.cpp).
  /// Empty otherwise.
  std::string ThroughPointer, Member;
  /// Where Text is `this->m.data()` for a std::vector member m that the
  /// statements only subscript by its bare name (LoadModel::BareMember): m.
  /// A local pointer named m hides the member for the statements (the
  /// strips' copies). Empty otherwise.
  std::string BareMember;
  /// Set on the first load of each pointer it is read through: where the
  /// original surely dereferences that pointer, over the parameters (the
  /// loads that come earlier among them). The load and those after it
  /// through the same pointer are read only there; elsewhere the original
  /// runs. Null where no condition is needed.
  isl::set Read;
};

/// A written array (index into Scop::Bounds) whose touched bytes must miss
/// those of a load (index into Scop::Loads): the loaded value stays what
/// the tiled code read before the nest.
struct LoadCheck {
  unsigned Bound = 0, Load = 0;
};

/// What code generation needs to run the nest's statements in a function of
/// its own, put before the nest's function (Frontend/OutlineFacts.h).
struct OutlineFacts {
  /// Where such a function can go: the start of the line on which the
  /// nest's function begins; ~0u when nothing can go there (C++, a
  /// function that begins in a macro or after other text on its line, or
  /// after a line that may apply to it: a pragma, an attribute).
  unsigned Offset = ~0u;
  /// Why the statements cannot leave their function ("" when they can): a
  /// reference to something declared inside it other than a variable
  /// (a type, an enumerator, a label), a static local, a goto, a return,
  /// __func__, a sizeof of an expression, a macro defined inside it.
  std::string Blocker;
  /// The variables of the nest's function (parameters and automatic
  /// locals, declared outside the nest) that the nest refers to, but its
  /// iterators: each must be handed in.
  std::set<std::string> Locals;
  /// Per variable the nest refers to (declared outside it, not an
  /// iterator): its type as spelled at file scope, without qualifiers;
  /// for an array or a pointer, its element type ("double").
  std::map<std::string, std::string> Types;
  /// The variables of Types that are neither arrays nor pointers.
  std::set<std::string> Scalars;
};

struct Scop {
  std::string Function;
  /// The function may define a static local (not a C inline definition
  /// with external linkage, C11 6.7.4p3): the generated code keeps its
  /// per-site state there.
  bool StaticLocalsAllowed = true;
  /// The nest's text may appear twice in the generated code: it defines
  /// no label and no static local (a second copy would define them again).
  bool TextCopiable = true;
  /// The whole nest (from `for` to the end of its body).
  SourceSpan Span;
  /// Where `#pragma hetile` is, if the nest was marked.
  SourceLoc PragmaLoc;
  /// Why the mpi backends move the nest's final values to every rank even
  /// with --gather=root: the nest may run again in its function
  /// (Frontend/ReadAfter.h, runsAgain), its function calls a function
  /// after it that may pass its values on (passesOn), a later nest of its
  /// function that hetile also tiles runs on every rank (Driver), or the
  /// rest of a nest follows a band inside it (Analysis/InnerBands.h). Empty
  /// where rank 0 alone may receive them.
  std::string EveryRank;
  /// The file offset of the `for` that runs right after the nest
  /// (Frontend/ReadAfter.h, nextNestAfter); ~0u where none.
  unsigned NextNestOffset = ~0u;
  /// Where that `for` runs at the next step of a loop around both: the file
  /// offset just past the loop (where what the nest left moves to every
  /// rank, after the last step) and its line; ~0u and 0 otherwise.
  unsigned NextStepLoopEnd = ~0u;
  unsigned NextStepLoopLine = 0;
  /// Set by the driver where that loop is a nest hetile tiles too: the mpi
  /// backends leave the final values on the ranks that computed them, and
  /// the next nest takes what it reads ("the nest at line L"). Empty
  /// otherwise.
  std::string DeferTo;
  /// Set by the driver where the nest before this one may leave its final
  /// values (DeferTo): this one takes them before it runs.
  bool AfterDeferred = false;
  /// Set by the driver where the nests that leave values for each other
  /// (DeferTo, AfterDeferred, transitively) include one whose band is
  /// transformed (skewed, shifted, fused or permuted): on the ring every
  /// one of them then takes the skewed bands' blocks of columns (at least 4
  /// per rank, HETILE_PIPELINE_SKEWED), so that their blocks are alike and
  /// less of what they leave moves between them.
  bool ChainSkewed = false;
  /// Parameters, in the order they appear in the isl space.
  std::vector<std::string> Params;
  /// Known constraints on the parameters, [N, M] -> { : ... }.
  isl::set Context;
  std::vector<ScopLoop> Loops;
  std::vector<ScopStmt> Stmts;
  std::vector<ScopArray> Arrays;
  /// The exit facts of the loops, in loop order, for every loop whose
  /// iterator can be given its final value after the nest. A loop has none
  /// when they cannot be stated exactly: its start is not one affine value
  /// on its entry domain, its bounds use a parameter that no statement
  /// uses, its iterator is declared inside the nest, or another loop
  /// sharing its iterator has none (see ScopAssembler.h). The frontend
  /// refuses a nest that lacks the facts of a loop whose iterator is not
  /// declared in its header.
  std::vector<LoopExit> Exits;
  /// The touched boxes of the arrays that take part in an alias check.
  std::vector<ArrayBounds> Bounds;
  /// The run-time alias checks of the nest (empty when every pair of arrays
  /// is known not to overlap).
  std::vector<AliasCheck> AliasChecks;
  /// The loads the nest never writes, in the order they are read before it.
  std::vector<InvariantLoad> Loads;
  /// The run-time checks that no write of the nest reaches a load.
  std::vector<LoadCheck> LoadChecks;
  /// The run-time checks that delinearized arrays stay in their rows.
  std::vector<RowCheck> RowChecks;
  /// The run-time checks of C integer facts about the parameters.
  std::vector<ValueCheck> ValueChecks;
  /// Deepest loop nesting of any statement.
  unsigned Depth = 0;
  /// Whether and how the statements can run outside the nest's function.
  OutlineFacts Outline;

  isl::union_set getDomains() const;
  isl::union_map getSchedule() const;
  isl::union_map getReads() const;
  isl::union_map getMustWrites() const;
  /// May-writes include the must-writes.
  isl::union_map getMayWrites() const;
  const ScopArray *findArray(const std::string &Name) const;
};

} // namespace hetile

#endif
