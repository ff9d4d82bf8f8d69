//===- FileRewriter.cpp - Edits into the original buffer ------------------===//

#include "hetile/Rewrite/FileRewriter.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace hetile {

std::pair<unsigned, unsigned> lineAround(llvm::StringRef Buffer, unsigned Offset) {
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  if (End == llvm::StringRef::npos)
    End = Buffer.size();
  return {static_cast<unsigned>(Begin), static_cast<unsigned>(End - Begin)};
}

unsigned lineOf(llvm::StringRef Buffer, unsigned Offset) {
  return 1 + Buffer.take_front(Offset).count('\n');
}

namespace {

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

/// The text of \p E, which replaces lines First..Last of the file, with
/// `#line` directives: each marked line at its original line; the others
/// kept to the lines replaced, so that a message or a debugger never points
/// outside them. Lines continuing a macro (after a backslash) get no
/// directive.
std::string withLineDirectives(const TextEdit &E, unsigned First,
                               unsigned Last, llvm::StringRef File) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(E.Text).split(Lines, '\n');
  std::vector<unsigned> Marked(Lines.size(), 0);
  for (const LineMark &M : E.Marks)
    if (M.Line < Lines.size())
      Marked[M.Line] = M.Original;
  std::string Out;
  unsigned Cur = First; // the line the next line of Out is presumed to be
  for (size_t I = 0; I < Lines.size(); ++I) {
    bool Continued = I > 0 && Lines[I - 1].ends_with("\\");
    unsigned Line = Marked[I];
    // An insertion's own lines keep counting from its line.
    if (Continued || Line == 0)
      Line = Continued || (Cur >= First && Cur <= Last) || E.Length == 0
                 ? Cur
                 : First;
    if (Line != Cur)
      Out += lineDirective(Line, File);
    Out += Lines[I].str() + (I + 1 < Lines.size() ? "\n" : "");
    Cur = Line + 1;
  }
  return Out;
}

/// The text edit \p E puts into the file.
std::string editText(llvm::StringRef FileName, llvm::StringRef Buffer,
                     const TextEdit &E, bool LineDirectives) {
  if (!LineDirectives || !E.KeepLines)
    return E.Text;
  unsigned First = lineOf(Buffer, E.Offset);
  unsigned Last = lineOf(Buffer, E.Offset + E.Length);
  return withLineDirectives(E, First, Last, FileName) + "\n" +
         lineDirective(Last, FileName);
}

/// The replacements of one nest's edits but its joining insertions.
llvm::Expected<Replacements> nestReplacements(llvm::StringRef FileName,
                                              llvm::StringRef Buffer,
                                              const NestEdits &Edits,
                                              bool LineDirectives) {
  Replacements R;
  for (const TextEdit &E : Edits) {
    if (E.Joins)
      continue;
    if (llvm::Error Err =
            R.add(Replacement(FileName, E.Offset, E.Length,
                              editText(FileName, Buffer, E, LineDirectives))))
      return std::move(Err);
  }
  return R;
}

/// Whether an insertion at \p Offset would conflict with \p R.
bool conflicts(const Replacement &R, unsigned Offset) {
  unsigned Begin = R.getOffset(), End = Begin + R.getLength();
  return R.getLength() == 0 ? Begin == Offset
                            : Begin <= Offset && Offset < End;
}

/// Why the joining insertions of \p Edits conflict with \p All or
/// \p All's with \p Joined (offset -> joined text); "" when they do not.
std::string joinConflict(const Replacements &All, const NestEdits &Edits,
                         const std::map<unsigned, std::string> &Joined) {
  for (const TextEdit &E : Edits)
    for (const Replacement &R : All)
      if (E.Joins && conflicts(R, E.Offset))
        return "an insertion at offset " + std::to_string(E.Offset) +
               " falls in an edit of another nest";
  for (const auto &[Offset, Text] : Joined)
    for (const Replacement &R : All)
      if (conflicts(R, Offset))
        return "an edit overlaps the insertion at offset " +
               std::to_string(Offset) + " of another nest";
  return "";
}

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

/// Where the runtime's `#include` lines go: before the first line of
/// \p Buffer that is neither blank, a comment, nor a `#define` or `#undef`
/// (with its continuation lines), so that the feature-test macros a file
/// defines first (_POSIX_C_SOURCE) still precede every system header.
unsigned includeOffset(llvm::StringRef Buffer) {
  bool InComment = false, Continued = false;
  size_t Pos = 0;
  while (Pos < Buffer.size()) {
    size_t End = Buffer.find('\n', Pos);
    End = End == llvm::StringRef::npos ? Buffer.size() : End + 1;
    llvm::StringRef Line = Buffer.slice(Pos, End).trim();
    bool Skip = Continued;
    Continued = Skip && Line.ends_with("\\");
    if (!Skip) {
      llvm::StringRef Rest = Line;
      // Comments, possibly several on the line.
      while (true) {
        if (InComment) {
          size_t Close = Rest.find("*/");
          if (Close == llvm::StringRef::npos) {
            Rest = "";
            break;
          }
          InComment = false;
          Rest = Rest.drop_front(Close + 2).ltrim();
          continue;
        }
        if (Rest.starts_with("/*")) {
          InComment = true;
          Rest = Rest.drop_front(2);
          continue;
        }
        if (Rest.starts_with("//"))
          Rest = "";
        break;
      }
      if (!Rest.empty()) {
        llvm::StringRef Directive = Rest;
        if (!Directive.consume_front("#"))
          return Pos;
        Directive = Directive.ltrim();
        if (!Directive.starts_with("define") && !Directive.starts_with("undef"))
          return Pos;
        Continued = Rest.ends_with("\\");
      }
    }
    Pos = End;
  }
  return 0;
}

/// The `#include` lines for \p Includes that \p Buffer lacks: hetile_*
/// in quotes, the C library headers in angle brackets.
std::string missingIncludes(llvm::StringRef Buffer,
                            llvm::ArrayRef<std::string> Includes) {
  std::string Lines;
  for (const std::string &Name : Includes) {
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

AppliedEdits applyNestEdits(llvm::StringRef FileName, llvm::StringRef Buffer,
                            llvm::ArrayRef<NestEdits> Nests,
                            llvm::ArrayRef<std::string> Includes,
                            bool LineDirectives) {
  Replacements All;
  AppliedEdits Result;
  std::map<unsigned, std::string> Joined;
  for (const NestEdits &Edits : Nests) {
    llvm::Expected<Replacements> R =
        nestReplacements(FileName, Buffer, Edits, LineDirectives);
    Replacements Trial = All;
    llvm::Error Err = R ? addAllOrNothing(Trial, *R) : R.takeError();
    std::string Error = Err ? llvm::toString(std::move(Err))
                            : joinConflict(Trial, Edits, Joined);
    Result.Errors.push_back(Error);
    if (!Error.empty())
      continue;
    All = std::move(Trial);
    for (const TextEdit &E : Edits)
      if (E.Joins)
        Joined[E.Offset] += editText(FileName, Buffer, E, LineDirectives);
    ++Result.NumApplied;
  }
  std::string Lines = missingIncludes(Buffer, Includes);
  unsigned At = includeOffset(Buffer);
  if (Result.NumApplied != 0 && !Lines.empty() && LineDirectives)
    Lines += lineDirective(1 + Buffer.take_front(At).count('\n'), FileName);
  if (Result.NumApplied != 0 && !Lines.empty())
    Joined[At] = Lines + Joined[At];
  for (const auto &[Offset, Text] : Joined)
    llvm::cantFail(All.add(Replacement(FileName, Offset, 0, Text)));
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
