//===- FileRewriter.cpp - Tiled nests into the original buffer ------------===//

#include "hetile/Rewrite/FileRewriter.h"
#include "hetile/CodeGen/InnerBandsCodeGen.h"
#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Support/IslBudget.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace hetile {

namespace {

/// The whole line holding offset \p Offset, without its newline.
std::pair<unsigned, unsigned> lineAround(llvm::StringRef Buffer, unsigned Offset) {
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  if (End == llvm::StringRef::npos)
    End = Buffer.size();
  return {static_cast<unsigned>(Begin), static_cast<unsigned>(End - Begin)};
}

/// The replacements of one nest: its text, and its pragma line.
llvm::Expected<Replacements> nestReplacements(llvm::StringRef FileName,
                                              llvm::StringRef Buffer,
                                              const AnalyzedNest &N,
                                              const Options &Opts) {
  const Scop &S = *N.S;
  unsigned Begin = S.Span.Begin.Offset, End = S.Span.EndOffset;
  if (Begin == ~0u || End == ~0u || End <= Begin || End > Buffer.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the nest's source range is unknown");
  IslBudget Budget(S.Context.ctx().get(), Opts);
  llvm::Expected<std::string> Code =
      N.Inner ? generateInnerBandsNest(S, *N.Inner, Opts, S.Exits,
                                       Buffer.substr(Begin, End - Begin),
                                       &Budget)
              : generateTiledNest(S, *N.Band, Opts, S.Exits,
                                  N.Deps ? &*N.Deps : nullptr,
                                  Buffer.substr(Begin, End - Begin), &Budget);
  if (!Code) {
    // A stage that failed on isl's null results after running out of its
    // bound ran out of its bound.
    llvm::Error Err = Code.takeError();
    if (Err.isA<TooComplexError>())
      return std::move(Err);
    if (llvm::Error Out = Budget.check()) {
      llvm::consumeError(std::move(Err));
      return std::move(Out);
    }
    return std::move(Err);
  }
  Replacements R;
  if (llvm::Error E = R.add(Replacement(FileName, Begin, End - Begin, *Code)))
    return std::move(E);
  if (N.Marked && N.PragmaLoc.Offset != ~0u && N.PragmaLoc.Offset < Begin) {
    auto [LineBegin, LineLen] = lineAround(Buffer, N.PragmaLoc.Offset);
    std::string Comment = "/* hetile: the nest below was tiled (" +
                         Buffer.substr(LineBegin, LineLen).trim().str() + ") */";
    if (llvm::Error E = R.add(Replacement(FileName, LineBegin, LineLen, Comment)))
      return std::move(E);
  }
  return R;
}

/// Adds every replacement of \p New to \p All, or none of them when one
/// overlaps what is there (another nest's text).
llvm::Error addAllOrNothing(Replacements &All, const Replacements &New) {
  Replacements Trial = All;
  for (const Replacement &One : New)
    if (llvm::Error E = Trial.add(One))
      return E;
  All = std::move(Trial);
  return llvm::Error::success();
}

/// `#line Line "File"`, File written as a C string literal.
std::string lineDirective(unsigned Line, llvm::StringRef File) {
  std::string Out = "#line " + std::to_string(Line) + " \"";
  for (char C : File) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"\n";
}

/// The 1-based line of \p Offset in \p Buffer.
unsigned lineOf(llvm::StringRef Buffer, unsigned Offset) {
  return 1 + Buffer.take_front(Offset).count('\n');
}

/// How many lines of \p Code, from line \p At on, are the text of \p Stmt
/// (compared line by line without indentation); 0 when they are not.
unsigned statementLinesAt(llvm::ArrayRef<llvm::StringRef> Code, size_t At,
                          const ScopStmt &Stmt) {
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  llvm::StringRef(Stmt.Text).trim().split(Lines, '\n');
  if (At + Lines.size() > Code.size())
    return 0;
  for (size_t K = 0; K < Lines.size(); ++K)
    if (Code[At + K].trim() != Lines[K].trim())
      return 0;
  return Lines.size();
}

/// \p Code (the tiled block of \p S, which starts on the nest's first line)
/// with `#line` directives: each copy of a statement gets its original line;
/// generated lines keep to the lines of the nest, so that a message or a
/// debugger never points outside it. Lines continuing a macro (after a
/// backslash) get no directive.
std::string withLineDirectives(llvm::StringRef Code, const Scop &S,
                               llvm::StringRef Buffer, llvm::StringRef File) {
  unsigned First = lineOf(Buffer, S.Span.Begin.Offset);
  unsigned Last = lineOf(Buffer, S.Span.EndOffset);
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Code.split(Lines, '\n');
  std::string Out;
  unsigned Cur = First; // the line the next line of Out is presumed to be
  for (size_t I = 0; I < Lines.size();) {
    bool Continued = I > 0 && Lines[I - 1].ends_with("\\");
    unsigned N = 0, Line = 0;
    for (const ScopStmt &Stmt : S.Stmts)
      if (!Continued && (N = statementLinesAt(Lines, I, Stmt))) {
        Line = lineOf(Buffer, Stmt.Span.Begin.Offset);
        break;
      }
    if (N == 0) {
      N = 1;
      Line = Continued || (Cur >= First && Cur <= Last) ? Cur : First;
    }
    if (Line != Cur)
      Out += lineDirective(Line, File);
    for (size_t K = 0; K < N; ++K)
      Out += Lines[I + K].str() + (I + K + 1 < Lines.size() ? "\n" : "");
    I += N;
    Cur = Line + N;
  }
  return Out;
}

/// \p R with the nest's text replaced by withLineDirectives() of it and
/// followed by a `#line` for the original text that follows the nest.
llvm::Expected<Replacements> addLineDirectives(const Replacements &R,
                                               const Scop &S,
                                               llvm::StringRef Buffer,
                                               llvm::StringRef File) {
  Replacements Out;
  for (const Replacement &One : R) {
    Replacement New = One;
    if (One.getOffset() == S.Span.Begin.Offset)
      New = Replacement(One.getFilePath(), One.getOffset(), One.getLength(),
                        withLineDirectives(One.getReplacementText(), S, Buffer, File) +
                            "\n" + lineDirective(lineOf(Buffer, S.Span.EndOffset), File));
    if (llvm::Error E = Out.add(New))
      return std::move(E);
  }
  return Out;
}

/// The `#include` lines the generated code needs that \p Buffer lacks:
/// hetile_rt.h in quotes, the C library headers in angle brackets.
/// Whether a directive line of \p Buffer includes \p Header (comments and
/// strings that merely mention it do not count).
bool hasIncludeDirective(llvm::StringRef Buffer, llvm::StringRef Header) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Buffer.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.trim();
    if (Line == ("<" + Header + ">").str() || Line == ("\"" + Header + "\"").str())
      return true;
  }
  return false;
}

std::string missingIncludes(llvm::StringRef Buffer, const Options &Opts) {
  std::string Lines;
  for (const std::string &Name : runtimeIncludes(Opts)) {
    llvm::StringRef Header = Name;
    if (hasIncludeDirective(Buffer, Header))
      continue;
    bool Ours = Header.starts_with("hetile_");
    Lines += "#include " + std::string(Ours ? "\"" : "<") + Header.str() +
             (Ours ? "\"" : ">") + "\n";
  }
  return Lines;
}

} // namespace

RewriteResult rewriteBuffer(llvm::StringRef FileName, llvm::StringRef Buffer,
                            std::vector<AnalyzedNest> &Nests,
                            const Options &Opts) {
  Replacements All;
  RewriteResult Result;
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (!N.isTilable())
      continue;
    llvm::Expected<Replacements> R = nestReplacements(FileName, Buffer, N, Opts);
    if (R && Opts.EmitLineDirectives)
      R = addLineDirectives(*R, *N.S, Buffer, FileName);
    llvm::Error Err = R ? addAllOrNothing(All, *R) : R.takeError();
    if (Err && Err.isA<TooComplexError>()) {
      N.Reject = makeTooComplexReject(std::move(Err), N.Loc);
      Result.Rejected.push_back(I);
      continue;
    }
    if (Err) {
      N.Reject = RejectReason{RejectKind::CodeGenFailed, N.Loc,
                              "tiled code could not be generated: " +
                                  llvm::toString(std::move(Err))};
      Result.Rejected.push_back(I);
      continue;
    }
    ++Result.NumTiled;
  }
  std::string Includes = missingIncludes(Buffer, Opts);
  if (Result.NumTiled != 0 && !Includes.empty() && Opts.EmitLineDirectives)
    Includes += lineDirective(1, FileName);
  if (Result.NumTiled != 0 && !Includes.empty())
    llvm::cantFail(All.add(Replacement(FileName, 0, 0, Includes)));
  llvm::Expected<std::string> Text = clang::tooling::applyAllReplacements(Buffer, All);
  Result.Text = Text ? *Text : Buffer.str();
  if (!Text)
    llvm::consumeError(Text.takeError());
  return Result;
}

std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text,
                                bool Backup) {
  if (Backup) {
    if (std::error_code EC = llvm::sys::fs::copy_file(Path, Path.str() + ".orig"))
      return "cannot back up '" + Path.str() + "': " + EC.message();
  }
  llvm::SmallString<256> Model(Path);
  Model += ".hetile-%%%%%%";
  int FD;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return "cannot write next to '" + Path.str() + "': " + EC.message();
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return "cannot write '" + Temp.str().str() + "': " + OS.error().message();
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return "cannot replace '" + Path.str() + "': " + EC.message();
  }
  return "";
}

} // namespace hetile
