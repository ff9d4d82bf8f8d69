//===- RejectReason.h - Why a loop nest is left untouched -------*- C++ -*-===//
//
// Every reason a nest is not tiled is its own kind with an end-user message
// and a remark name (`[hetile-reject-<name>]`), raised at the exact source
// location of the offending construct (in the spirit of Polly's
// ScopDetectionDiagnostic.h). Each kind has its own lit test in test/Reject/.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_REJECTREASON_H
#define HETILE_FRONTEND_REJECTREASON_H

#include "hetile/Frontend/SourceLoc.h"

#include <string>

namespace hetile {

enum class RejectKind {
  NonAffineBound,       ///< loop bound not affine in iterators and parameters
  NonAffineSubscript,   ///< array subscript not affine
  /// flat subscripts of one array (`a[i * n + j]`) with different row lengths
  ArrayShapeMismatch,
  /// the subscripts of a delinearized array leave its rows wherever the nest
  /// runs
  SubscriptOutsideRows,
  NonAffineCondition,   ///< if condition not affine
  IndirectAccess,       ///< subscript reads memory, e.g. A[idx[i]]
  PointerArithmetic,    ///< *(p + i), p++ and friends
  SideEffectCall,       ///< call to a function not known to be pure
  UnstructuredControl,  ///< while/do/goto/break/continue/return/switch
  NonConstantStep,      ///< step is not a constant (or zero)
  UnsupportedLoop,      ///< loop header hetile cannot model (no iterator...)
  WriteToIterator,      ///< the body writes a loop iterator
  WriteToParameter,     ///< the body writes a variable used in bounds/subscripts
  PossibleAlias,        ///< distinct pointer-based arrays may overlap
  UnsupportedType,      ///< non-integer iterator, struct access, ...
  MixedSignedness,      ///< a possibly negative operand converted to unsigned
  UnsignedWrap,         ///< unsigned arithmetic or step may wrap around
  /// a conversion may change a value (narrowing, negative to unsigned)
  ValueChangingConversion,
  NegativeDividend,     ///< `/` or `%` of a possibly negative dividend
  UnsupportedStatement, ///< any other construct the model does not cover
  /// C++: the nest's code depends on a template parameter
  TemplateDependent,
  /// C++: a data member (of `this` or another object) is accessed
  MemberAccess,
  NonPermutable,        ///< no legal transformation gives a permutable band
  TooShallow,           ///< fewer than two loops: nothing to tile
  EmptyNest,            ///< no statement of the nest ever runs
  CodeGenFailed,        ///< the tiled code could not be generated or placed
  /// a stage ran out of its isl operation bound or of the nest's time budget
  TooComplex,
  /// the block replacing the nest is larger than its bound
  /// (--max-nest-code-bytes)
  CodeGenTooLarge,
  /// isl crashed on the nest (in a child process: Support/Isolation.h)
  IslCrashed,
  // Why the strips schedule (Analysis/StripsLegality.h) does not apply; the
  // nest may still be tiled otherwise.
  StripsNoTimeLoop,         ///< no outer time loop, step 1, around everything
  StripsUnsupportedAccess,  ///< writes that strips cannot give rows to
  StripsSpaceRecurrence,    ///< a dependence along the rows within a step
  // Why the MPI backends leave a nest that the others tile.
  MpiStructArray, ///< the nest writes an array of structs
};

/// The name used in `[hetile-reject-<name>]` and in JSON output.
const char *getRejectName(RejectKind K);

struct RejectReason {
  RejectKind Kind;
  /// Where the offending construct is (not just the nest).
  SourceLoc Loc;
  /// End-user message, lower case, no trailing period, naming the construct:
  /// "subscript 'idx[i]' of 'A' is not affine".
  std::string Message;
};

} // namespace hetile

#endif
