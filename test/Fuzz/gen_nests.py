#!/usr/bin/env python3
"""Random affine loop nests as whole C programs, for differential testing.

  gen_nests.py SEED [-o FILE]

prints one complete C99 program (deterministic in SEED) whose function
kern() holds one `#pragma hetile` nest (sometimes two) and whose main() reads small
parameters from argv, clamps them, runs the nest on initialised arrays and
prints every array exactly (FNV hash of the bytes and the values at a few
places, with %a). The program's first line is `//@ args ...`: argument lists
to run it with; given them all at once (the lists one after the other), the
program runs the nest once per list, each on freshly initialised arrays.

What the nests have, drawn at random: depth 2 to 4; lower bounds 0, a
constant, an outer iterator or max(0, outer - c); upper bounds N - 1, a
constant or min(N - 1, outer + c); steps 1 and 2; down-counting loops;
affine guards around statements; imperfect nests (a statement beside an
inner loop, two sibling inner loops); reads at uniform distances (A[i - 1]
[j]) and non-uniform ones (A[j][i], A[i][0]); scalar temporaries declared in
the body; scalars defined at an outer level from its iterator and read by
the loops inside (an int row offset in subscripts, a double value in
expressions; declared there, or before the nest and assigned there);
several statements writing one array; a temporary array (a parameter or a
local array) filled by one innermost loop and read by another after the
nest's own innermost loop, at each iteration of the loops above (doitgen);
after the top loop's body, a sum X[j] = 0, X[j] += ... over a loop, read by
a sibling loop that writes an array of the nest or one of its own, Y
(Gram-Schmidt's update, which hetile distributes); C89 (declared before the nest) or
C99 (declared in the loop header) iterators; double and int arrays.

A second nest after the first (a stream of its own), two loops p, q over
the parameters, writing one array from its own elements at distances (1, 0),
(0, 1), (1, 1) or (1, -1) and reading others: the values the first nest
left must be on every rank.

An array of kern()'s own (a stream of its own): allocated on the heap or
as a local array and initialised in kern(), read after the nest at a few
elements whose subscripts are constants or a parameter plus a constant,
sometimes passed whole to the hash, never passed from main().

How the program spells them, drawn from a stream of its own (the nest's
structure is the same for a seed either way): the parameters as variables
or as members of a struct read through a pointer (`sz->N`, loads the nest
never writes), half of those through a second pointer (`sz->s->N`); 2-D arrays as such or as flat pointers indexed
`A[(s) * R + (t)]` with a run-time row length R (a parameter, or `sz->R`),
which the tool must delinearize; or through tables of row pointers
(`double **A`, `A[s][t]`, the rows of one block in order), which the tool
checks at run time.

With --steps, the nests run in a loop of two steps, and half of those
programs name two arrays of one shape through local pointers that each
step swaps after its nests (a stream of its own).

No undefined behaviour by construction: every iterator stays in
[0, MAXI] (parameters are clamped to [0, MAXP], bounds are clamped with
min/max), every subscript is OFFSET + (sum of at most two iterators with
coefficients +-1, an outer offset counting as its iterator +- 2) + a
constant in [-3, 3], which lies in [1, DIM - 1];
int arithmetic is masked (& 1023) and never overflows. fuzz.py still checks
each program once under -fsanitize=address,undefined.
"""
import argparse
import random

MAXP = 12          # parameters are clamped to [0, MAXP]
MAXI = MAXP - 1    # every iterator value lies in [0, MAXI]
OFFSET = 24        # added to every subscript
DIM = 72           # extent of every array dimension: 24 - 2 MAXI - 3 >= 1,
                   # 24 + 2 MAXI + 3 < 72
ITERS = "ijkl"


class Gen:
    def __init__(self, seed, steps=False):
        # --steps: the nests of kern() (the initialisation, the nest and
        # the second one, where the seed has them) run twice, in a loop of
        # steps that a count of its own follows between them: the mpi
        # backends leave the last nest's values for the first across the
        # loop's back edge (docs/mpi-exchange.md). Off, every seed is the
        # program it always was.
        self.steps = steps
        # --steps: half of the programs name two of their arrays of one
        # shape through local pointers that each step swaps after its nests
        # (a time loop's two grids); a stream of its own.
        self.swap_draw = steps and random.Random(seed * 179424673 + 29).random() < 0.5
        self.swapped = None
        self.r = random.Random(seed)
        # The spelling (struct-held sizes, flat arrays): a stream of its own.
        spell = random.Random(seed * 7919 + 17)
        self.struct = spell.random() < 0.3
        self.flat = spell.random() < 0.3
        # 2-D arrays through tables of row pointers (T **A, A[s][t]); drawn
        # after the others, so that earlier seeds keep their spelling.
        self.rows = not self.flat and spell.random() < 0.3
        # The struct reached through another one's pointer (h->s->N).
        self.chain = self.struct and spell.random() < 0.5
        # A temporary array W filled and consumed at each iteration of an
        # outer loop (doitgen's shape): drawn, built and placed from a
        # stream of its own, so that the rest of a seed's nest stays.
        self.tr = random.Random(seed * 104729 + 5)
        self.temp = self.tr.random() < 0.25
        self.temp_param = self.tr.random() < 0.5   # else a local array
        self.temp_done = False
        # Gram-Schmidt's shape at the top loop, after its body: X[j] = 0, a
        # loop summing into X[j], a loop reading the sum; a stream of its own.
        self.dr = random.Random(seed * 15485863 + 11)
        self.red = self.dr.random() < 0.25
        # Half of them write an array of their own, Y: no dependence goes
        # back from them to the body, which then distributes more often.
        self.red_y = self.dr.random() < 0.5
        self.red_done = False
        # Arrays of structs: some arrays hold `struct C? { T x; T y[2]; }`
        # and every access reads or writes one member; a stream of its own
        # (drawn when the arrays are known, below).
        self.mr = random.Random(seed * 32452843 + 7)
        self.aos_seed = self.mr.random() < 0.25
        # Writes through a pointer defined just before the statement, to a
        # row (`T *p = A[s];`, `T *p = A + (s) * R;`, then `p[t]`) or to an
        # element (`T *p = &A[s][t];`, then `p[0]` or `p->x`); a stream of
        # its own.
        self.pr = random.Random(seed * 86028121 + 13)
        self.rowptr = self.pr.random() < 0.3
        # The arrays main() passes, held by a struct whose members point to
        # them (`dd->A[s][t]`, `dd->A[(s) * R + (t)]`): loads of the nest
        # that the strips reach through a copy of *dd; a stream of its own
        # (never with tables of rows).
        self.data = (not self.rows and
                     random.Random(seed * 122949829 + 307).random() < 0.25)
        self.c89 = self.r.random() < 0.4
        self.params = ["N", "M"][: self.r.choice([1, 2])]
        nar = self.r.choice([1, 2, 2, 3])
        self.arrays = []  # (name, type, dims)
        for a in range(nar):
            t = "int" if self.r.random() < 0.25 else "double"
            self.arrays.append(("ABCD"[a], t, self.r.choice([1, 2, 2, 2])))
        # A time-stepping stencil instead of the random nest (Jacobi's
        # shape, which the strips run: docs/strips.md): a time loop around
        # one to three space sweeps, each writing one array from others at
        # distances of at most 2 per dimension. A stream of its own; its
        # programs have two or three arrays of one dimension count.
        self.st = random.Random(seed * 179424673 + 31)
        self.stencil = self.st.random() < 0.2
        if self.stencil:
            d = self.st.choice([1, 2, 2])
            self.arrays = [(n, t, d) for n, t, _ in self.arrays]
            while len(self.arrays) < 2:
                self.arrays.append(("ABCD"[len(self.arrays)],
                                    self.arrays[0][1], d))
        # Which arrays hold structs (never a table of rows).
        self.aos = set()
        if self.aos_seed:
            for n, t, d in self.arrays:
                if not self.is_rows((n, t, d)) and self.mr.random() < 0.6:
                    self.aos.add(n)
        # An array the kernel owns: allocated (on the heap or as a local
        # array) and initialised in kern() before the nest, read after it at
        # a few elements whose subscripts are affine in the parameters, and
        # in some programs passed whole to a function; the mpi backends then
        # move only what is read after (Frontend/ReadAfter.h). A stream of
        # its own.
        orr = random.Random(seed * 49979687 + 3)
        self.owned = None
        if orr.random() < 0.3:
            cands = [a for a in self.arrays
                     if a[0] not in self.aos and not self.is_rows(a)]
            if cands:
                self.owned = cands[0]
        self.own_heap = orr.random() < 0.5 or (
            self.owned is not None and self.is_flat(self.owned))
        def own_subscript():
            c = str(OFFSET + orr.randint(-3, 3))
            return orr.choice(self.params) + " + " + c if orr.random() < 0.5 else c
        self.own_reads = [[own_subscript()
                           for _ in range(self.owned[2] if self.owned else 0)]
                          for _ in range(orr.randint(1, 3))]
        self.own_whole = orr.random() < 0.3
        # A second nest after the first, over two loops of its own, that
        # writes one of the arrays from its own earlier elements and reads
        # others (what the first nest wrote): the final values of the first
        # nest must have reached every rank. A stream of its own.
        self.mn = random.Random(seed * 67867967 + 13)
        self.multi = self.mn.random() < 0.25
        # An initialisation nest right before the nest, writing a box of
        # one or two of the 2-D arrays: the mpi backends leave its values on
        # the ranks that computed them, for the nest to take what it reads
        # (docs/mpi-exchange.md). A stream of its own.
        self.ini = random.Random(seed * 1000003 + 8025)
        self.init_nest = self.ini.random() < 0.2
        self.stmts = 0
        self.offsets = []   # int scalars of outer levels: iterator + c
        self.values = []    # double scalars of outer levels
        self.top = []       # their declarations before the nest (C89)

    # --- loops -----------------------------------------------------------
    def bound_lo(self, outer):
        r = self.r
        c = r.choice([0, 0, 1, 2])
        opts = [str(c)]
        if outer:
            o = r.choice(outer)
            opts += [o, "(%s - %d > 0 ? %s - %d : 0)" % (o, 2, o, 2)]
        return r.choice(opts)

    def bound_hi(self, outer):
        """An inclusive upper bound, at most MAXP - 1 (or an outer iterator)."""
        r = self.r
        p = self.param(r.choice(self.params))
        opts = ["%s - 1" % p, str(r.randint(3, 9))]
        if outer:
            o = r.choice(outer)
            c = r.randint(0, 4)
            opts.append("(%s - 1 < %s + %d ? %s - 1 : %s + %d)" %
                        (p, o, c, p, o, c))
            opts.append(o)  # triangular
        return r.choice(opts)

    def loop_header(self, it, outer):
        r = self.r
        lo, hi = self.bound_lo(outer), self.bound_hi(outer)
        step = 2 if r.random() < 0.2 else 1
        decl = "" if self.c89 else "int "
        if r.random() < 0.2:  # down-counting
            inc = "%s--" % it if step == 1 else "%s -= 2" % it
            return "for (%s%s = %s; %s >= %s; %s)" % (decl, it, hi, it, lo, inc)
        inc = r.choice(["%s++" % it, "++%s" % it, "%s += 1" % it])
        if step == 2:
            inc = r.choice(["%s += 2" % it, "%s = %s + 2" % (it, it)])
        cmp = r.choice(["<=", "<"])
        hi_s = hi if cmp == "<=" else "%s + 1" % hi
        return "for (%s%s = %s; %s %s %s; %s)" % (decl, it, lo, it, cmp, hi_s, inc)

    def param(self, p):
        """The parameter p as the nest reads it."""
        if self.chain:
            return "sz->s->" + p
        return "sz->" + p if self.struct else p

    def ctype(self, arr):
        """The C type of ARR's elements: its number type, or the struct."""
        if arr[0] in self.aos:
            return "struct C%s" % arr[1][0]
        return arr[1]

    def member(self, arr):
        """The member an access to ARR reaches ("" for arrays of numbers)."""
        if arr[0] not in self.aos:
            return ""
        return self.mr.choice([".x", ".x", ".y[0]", ".y[1]"])

    def aname(self, arr):
        """ARR's name as the nest spells it: through the struct of arrays
        where main() passes it in one."""
        if self.data and arr != self.owned and tuple(arr) in self.arrays:
            return "dd->" + arr[0]
        return arr[0]

    def is_flat(self, arr):
        return self.flat and arr[2] == 2

    def is_rows(self, arr):
        return self.rows and arr[2] == 2

    # --- accesses --------------------------------------------------------
    def subscript(self, iters):
        r = self.r
        c = r.randint(-3, 3)
        if not iters:
            return str(OFFSET + c)
        iters = iters + self.offsets
        kind = r.random()
        if kind < 0.55:
            e = r.choice(iters)
        elif kind < 0.75 and len(iters) > 1:
            a, b = r.sample(iters, 2)
            e = "%s %s %s" % (a, r.choice(["+", "-"]), b)
        elif kind < 0.85:
            return str(OFFSET + c)
        else:
            e = r.choice(iters)
        return "%s + %d" % (e, OFFSET + c)

    def access(self, arr, iters, write_like=None):
        name, _, dims = arr
        if write_like is not None and self.r.random() < 0.7:
            # uniform distance from the written element
            subs = [s if self.r.random() < 0.5 else
                    "%s - %d" % (s, self.r.randint(1, 2)) for s in write_like]
        else:
            subs = [self.subscript(iters) for _ in range(dims)]
        m = self.member(arr)
        name = self.aname(arr)
        if self.is_flat(arr):
            return "%s[(%s) * %s + (%s)]%s" % (name, subs[0], self.param("R"),
                                               subs[1], m), subs
        return name + "".join("[%s]" % s for s in subs) + m, subs

    def expr(self, arr_t, iters, write_subs, temps):
        r = self.r
        terms = []
        for _ in range(r.choice([1, 1, 2, 2, 3])):
            arr = r.choice(self.arrays)
            ws = write_subs if arr[2] == len(write_subs) else None
            acc, _ = self.access(arr, iters, ws)
            terms.append(acc)
        temps = temps + self.values
        if temps and r.random() < 0.6:
            terms.append(r.choice(temps))
        if arr_t == "int":
            coefs = [str(r.randint(1, 7)) for _ in terms]
            body = " + ".join("%s * (int)%s" % (c, t) for c, t in zip(coefs, terms))
            return "(%s + %d) & 1023" % (body, r.randint(0, 9))
        # coefficients summing to at most 1: values grow at most linearly
        coefs = [r.choice(["0.25", "0.125"]) for _ in terms]
        body = " + ".join("%s * %s" % (c, t) for c, t in zip(coefs, terms))
        return "%s + %s" % (body, r.choice(["1.0", "0.5", "(double)%s" % r.choice(iters)]))

    def statements(self, iters, ind):
        r = self.r
        out = []
        temps = []
        n = r.choice([1, 1, 1, 2, 2, 3])
        if r.random() < 0.3:  # a scalar temporary
            arr = r.choice(self.arrays)
            acc, _ = self.access(arr, iters)
            out.append(ind + "double t%d = %s * 0.5;" % (self.stmts, acc))
            temps.append("t%d" % self.stmts)
        shared = r.choice(self.arrays)  # several statements writing one array
        for s in range(n):
            arr = shared if r.random() < 0.6 else r.choice(self.arrays)
            lhs, subs = self.access(arr, iters)
            rhs = self.expr(arr[1], iters, subs, temps)
            pointer = self.pointer(arr, lhs, subs, temps) if s == 0 else None
            if pointer:
                out.append(ind + pointer[0])
                lhs = pointer[1]
            line = "%s = %s;" % (lhs, rhs)
            if r.random() < 0.2 and len(iters) >= 2:
                a, b = r.sample(iters, 2)
                line = "if (%s %s %s + %d)\n%s  %s" % (
                    a, r.choice(["<=", ">="]), b, r.randint(-1, 2), ind, line)
            out.append(ind + line)
            self.stmts += 1
        return out

    def pointer(self, arr, lhs, subs, temps):
        """(the declaration of a pointer to the row or the element SUBS of
        ARR, the written element LHS spelled through it), or None: drawn
        from the pointer stream for the first write of a run of statements
        to a 2-D array, never after a scalar temporary."""
        if (not self.rowptr or arr[2] != 2 or self.is_rows(arr) or temps or
                self.pr.random() < 0.4):
            return None
        name = "p%d" % self.stmts
        m = lhs[lhs.rindex("."):] if arr[0] in self.aos else ""
        a = self.aname(arr)
        if self.is_flat(arr):
            elem = "%s[(%s) * %s + (%s)]" % (a, subs[0], self.param("R"),
                                             subs[1])
            row = "%s + (%s) * %s" % (a, subs[0], self.param("R"))
        else:
            elem = "%s[%s][%s]" % (a, subs[0], subs[1])
            row = "%s[%s]" % (a, subs[0])
        if m or self.pr.random() < 0.5:  # the element: p[0] or p->x
            return ("%s *%s = &%s;" % (self.ctype(arr), name, elem),
                    name + ("->" + m[1:] if m else "[0]"))
        return ("%s *%s = %s;" % (self.ctype(arr), name, row),
                "%s[%s]" % (name, subs[1]))

    def nest(self, depth, level, iters, ind):
        it = ITERS[level]
        lines = [ind + self.loop_header(it, iters) + " {"]
        inner = iters + [it]
        if level + 1 == depth:
            lines += self.statements(inner, ind + "  ")
        else:
            r = self.r
            saved = (list(self.offsets), list(self.values))
            if r.random() < 0.3:  # a scalar of this level, read inside
                k = self.stmts
                self.stmts += 1
                if r.random() < 0.5:
                    name, typ = "o%d" % k, "int"
                    value = "%s %s %d" % (it, r.choice(["+", "-"]), r.randint(0, 2))
                    self.offsets.append(name)
                else:
                    name, typ = "v%d" % k, "double"
                    value = "(double)%s * 0.25 + %s" % (it, r.choice(["0.5", "1.0"]))
                    self.values.append(name)
                if self.c89 and r.random() < 0.5:
                    self.top.append("  %s %s;" % (typ, name))
                    lines.append(ind + "  %s = %s;" % (name, value))
                else:
                    lines.append(ind + "  %s %s = %s;" % (typ, name, value))
            if r.random() < 0.25:  # a statement beside the inner loop
                lines += self.statements(inner, ind + "  ")
            # Its loops innermost, under two loops at least: a band of
            # the loops above them may hold W private.
            temp = (self.temp and not self.temp_done and level >= 1 and
                    level + 2 == depth)
            if temp:
                fill, use = self.temporary(depth, level + 1, inner, ind + "  ")
                lines += fill
            lines += self.nest(depth, level + 1, inner, ind + "  ")
            if temp:
                lines += use
            if r.random() < 0.25:  # a sibling inner loop
                lines += self.nest(depth, level + 1, inner, ind + "  ")
            if self.red and level == 0:
                lines += self.reduction(inner, ind + "  ")
            self.offsets, self.values = saved
        lines.append(ind + "}")
        return lines

    def element(self, arr, subs, flat=True):
        """The element SUBS of ARR as the program spells it (a flat array
        indexed with its row length, where FLAT)."""
        m = self.member(arr)
        a = self.aname(arr)
        if flat and self.is_flat(arr):
            return "%s[(%s) * %s + (%s)]%s" % (a, subs[0], self.param("R"),
                                               subs[1], m)
        return a + "".join("[%s]" % q for q in subs) + m

    def near(self, iters, subs):
        """A read of a random array, at uniform distances from SUBS where it
        has as many dimensions."""
        a = self.r.choice(self.arrays)
        acc, _ = self.access(a, iters, subs if a[2] == len(subs) else None)
        return acc

    def temporary(self, depth, level, iters, ind):
        """Two loops over ITERS[level], 0 .. N - 1: the first fills W, the
        second reads it into an array; the caller puts the nest's own inner
        loop between them. Drawn from the temporary's stream."""
        self.temp_done = True
        saved, self.r = self.r, self.tr
        it = ITERS[level]
        decl = "" if self.c89 else "int "
        header = "for (%s%s = 0; %s <= %s - 1; %s++)" % (
            decl, it, it, self.param(self.params[0]), it)
        inner = iters + [it]
        # The element the second loop writes: at the loops above (i, j, ...),
        # so that W is what carries values between the two loops; the
        # reads at uniform distances from it.
        arr = self.r.choice(self.arrays)
        subs = ["%s + %d" % (iters[(q + len(iters) - arr[2]) % len(iters)], OFFSET)
                for q in range(arr[2])]
        lhs = self.element(arr, subs)
        near = lambda: self.near(inner, subs)
        fill = [ind + header,
                ind + "  W[%s + %d] = 0.5 * %s + (double)%s;" % (
                    it, OFFSET, near(), iters[-1])]
        other = near()
        if arr[1] == "int":
            rhs = "((int)W[%s + %d] + 3 * (int)%s + 1) & 1023" % (it, OFFSET, other)
        else:
            rhs = "0.25 * W[%s + %d] + 0.125 * %s + 0.5" % (it, OFFSET, other)
        use = [ind + header, ind + "  %s = %s;" % (lhs, rhs)]
        self.stmts += 2
        self.r = saved
        return fill, use

    def reduction(self, iters, ind):
        """X[j] = 0; X[j] += ... over i; then a loop over i reading X[j]:
        a sum complete only after its loop, read by a sibling loop (what
        hetile distributes the top loop for). Drawn from its own stream."""
        self.red_done = True
        saved, self.r = self.r, self.dr
        top, it = iters[0], ITERS[len(iters)]
        decl = "" if self.c89 else "int "
        header = "for (%s%s = 0; %s <= %s - 1; %s++)" % (
            decl, it, it, self.param(self.params[0]), it)
        inner = iters + [it]
        x = "X[%s + %d]" % (top, OFFSET)
        arr = ("Y", "double", 2) if self.red_y else self.r.choice(self.arrays)
        subs = (["%s + %d" % (it, OFFSET)] if arr[2] == 1 else
                ["%s + %d" % (a, OFFSET) for a in
                 self.r.choice([(it, top), (top, it)])])
        lhs = self.element(arr, subs, flat=not self.red_y)
        near = lambda: self.near(inner, subs)
        if arr[1] == "int":
            rhs = "((int)%s + 3 * (int)%s + 1) & 1023" % (x, near())
        else:
            rhs = "0.25 * %s + 0.125 * %s + 0.5" % (x, near())
        lines = [ind + "%s = 0.0;" % x,
                 ind + header, ind + "  %s += 0.125 * %s;" % (x, near()),
                 ind + header, ind + "  %s = %s;" % (lhs, rhs)]
        self.stmts += 3
        self.r = saved
        return lines

    def stencil_nest(self):
        """The time-stepping stencil: `for t` around sweeps over the space
        loops, sweep k writing one array from the others (and itself, at
        the point it writes) at distances in [-2, 2]."""
        r = self.st
        d = self.arrays[0][2]
        space = ITERS[:d]
        steps = self.param(self.params[0])
        bounds = []
        for it in space:
            p = self.param(r.choice(self.params))
            lo = r.choice(["0", "1", "2"])
            hi = r.choice([p, "%s - 1" % p, "%s - 2" % p, str(r.randint(6, MAXI))])
            bounds.append((it, lo, hi))
        out = ["  for (int t = 0; t < %s; t++) {" % steps]
        for k in range(r.choice([1, 2, 2, 3])):
            w = self.arrays[k % len(self.arrays)]
            srcs = [a for a in self.arrays if a != w] or [w]
            # Sub-loops of a sweep start and end where they were drawn; a
            # later sweep may shift them by one.
            shift = r.choice([0, 0, 1])
            ind = "    "
            for it, lo, hi in bounds:
                out.append(ind + "for (int %s = %s + %d; %s < %s; %s++)" % (
                    it, lo, shift, it, hi, it))
                ind += "  "
            here = ["%s + %d" % (it, OFFSET) for it in space]
            reads = []
            for _ in range(r.randint(1, 4)):
                a = r.choice(srcs)
                reads.append(self.element(a, ["%s + %d" % (it, OFFSET + r.randint(-2, 2))
                                              for it in space]))
            if r.random() < 0.4:
                reads.append(self.element(w, here))
            if w[1] == "int":
                rhs = "(%s + 1) & 1023" % " + ".join(
                    "%d * (int)%s" % (r.randint(1, 5), e) for e in reads)
            else:
                rhs = " + ".join("%s * (double)%s" % (
                    r.choice(["0.5", "0.25", "0.125"]), e) for e in reads) + " + 0.25"
            out.append(ind + "%s = %s;" % (self.element(w, here), rhs))
            self.stmts += 1
        out.append("  }")
        return out

    def program(self):
        r = self.r
        depth = r.choice([2, 2, 3, 3, 4])
        if self.stencil:
            self.c89 = False
            nest = self.stencil_nest()
        else:
            nest = self.nest(depth, 0, [], "  ")
        used = ITERS[:depth]
        flat = self.flat and any(d == 2 for _, _, d in self.arrays)
        names = self.params + (["R"] if flat else [])
        passed = [a for a in self.arrays if a != self.owned]
        if self.swap_draw and not self.data:
            plain = [a for a in passed if a[0] not in self.aos and
                     not self.is_flat(a) and not self.is_rows(a)]
            pairs = [(x, y) for k, x in enumerate(plain) for y in plain[k + 1:]
                     if x[1:] == y[1:]]
            if pairs:
                self.swapped = pairs[0]
        swapped = [a[0] for a in self.swapped] if self.swapped else []
        arrays = ["%s *restrict %s" % (self.ctype((n, t, d)), n)
                  if self.is_flat((n, t, d)) else
                  "%s **%s" % (t, n) if self.is_rows((n, t, d)) else
                  "%s %s[restrict %d]%s" % (self.ctype((n, t, d)),
                                            n + "_in" if n in swapped else n,
                                            DIM, "[%d]" % DIM * (d - 1))
                  for n, t, d in passed]
        if self.data and passed:
            members = ["%s *%s" % (self.ctype((n, t, d)), n)
                       if d == 1 or self.is_flat((n, t, d)) else
                       "%s (*%s)%s" % (self.ctype((n, t, d)), n,
                                       "[%d]" % DIM * (d - 1))
                       for n, t, d in passed]
            arrays = ["const struct data *dd"]
        temp = self.temp_done
        if temp and self.temp_param:
            arrays.append("double W[restrict %d]" % DIM)
        if self.red_done:
            arrays.append("double X[restrict %d]" % DIM)
            if self.red_y:
                arrays.append("double Y[restrict %d][%d]" % (DIM, DIM))
        if self.chain:
            sig = ", ".join(["const struct holder *sz"] + arrays)
        elif self.struct:
            sig = ", ".join(["const struct sizes *sz"] + arrays)
        else:
            sig = ", ".join(["int %s" % p for p in names] + arrays)
        out = ["//@ args %s" % " | ".join(
            " ".join(str(r.randint(0, MAXP)) for _ in self.params)
            for _ in range(3)),
            "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", ""]
        for t in sorted({t for n, t, d in self.arrays if n in self.aos}):
            out += ["struct C%s { %s x; %s y[2]; };" % (t[0], t, t), ""]
        if self.struct:
            out += ["struct sizes { %s; };" % "; ".join(
                "int %s" % p for p in names), ""]
        if self.chain:
            out += ["struct holder { const struct sizes *s; };", ""]
        if self.data and passed:
            out += ["struct data { %s; };" % "; ".join(members), ""]
        if self.owned and self.own_whole:
            out += ["static void dump(const char *name, const void *p, size_t n, size_t esz);", ""]
        out += ["static void kern(%s)" % sig, "{"]
        if self.c89:
            out.append("  int %s;" % ", ".join("%s = 0" % v for v in used))
        # The swapped arrays: local pointers to the parameters, which the
        # nests name; each step ends by swapping them.
        swap = []
        if self.swapped:
            (x, t, d), (y, _, _) = self.swapped
            ptr = lambda v: "(*%s)%s" % (v, "[%d]" % DIM * (d - 1)) if d > 1 else "*" + v
            out.append("  %s %s = %s_in, %s = %s_in;" % (t, ptr(x), x, ptr(y), y))
            swap = ["  {", "    %s %s = %s;" % (t, ptr("swap"), x),
                    "    %s = %s;" % (x, y), "    %s = swap;" % y, "  }"]
        out += self.top
        out += self.owned_before()
        if temp and not self.temp_param:
            out.append("  double W[%d];" % DIM)
            out.append("  for (int q = 0; q < %d; q++) W[q] = 0.0;" % DIM)
        nests = self.first_nest() + ["#pragma hetile"] + nest
        if self.c89:
            nests.append("  printf(\"iters %s\\n\", %s);" % (
                " ".join(["%d"] * depth), ", ".join(used)))
        nests += self.second_nest()
        if self.steps:
            out += ["  int steps = 0;",
                    "  for (int step = 0; step < 2; step++) {"]
            out += nests
            out += swap
            out += ["  steps += step;", "  }",
                    "  printf(\"steps %d\\n\", steps);"]
        else:
            out += nests
        out += self.owned_after()
        out.append("}")
        out += [
            "",
            "static void dump(const char *name, const void *p, size_t n, size_t esz)",
            "{",
            "  const unsigned char *b = p;",
            "  unsigned long long h = 1469598103934665603ULL;",
            "  for (size_t q = 0; q < n * esz; q++) h = (h ^ b[q]) * 1099511628211ULL;",
            "  printf(\"%s hash=%016llx\\n\", name, h);",
            "}",
            "",
            "int main(int argc, char **argv)",
            "{"]
        # Each argument list of the `//@ args` line is one run of the nest on
        # freshly initialised arrays, all in one process: the driver starts
        # the program (and mpirun) once for all of them.
        np_ = len(self.params)
        out.append("  int runs = %s;" % (
            "argc > 1 ? (argc - 1) / %d : 1" % np_ if np_ else "1"))
        out.append("  for (int run = 0; run < runs; run++) {")
        body = []
        body.append("    char **arg = argv + 1 + run * %d;" % np_)
        for k, p in enumerate(self.params):
            body.append("    int %s = argc > 1 ? atoi(arg[%d]) : %d;" % (p, k, r.randint(0, MAXP)))
            body.append("    if (%s < 0) %s = 0;" % (p, p))
            body.append("    if (%s > %d) %s = %d;" % (p, MAXP, p, MAXP))
        body.append("    printf(\"run %d\\n\", run);")
        for n, t, d in passed:
            cnt = DIM ** d
            ct = self.ctype((n, t, d))
            body.append("    %s *%s = malloc(sizeof(%s) * %d);" % (ct, n, ct, cnt))
            init = ("(double)((q * 37 + %d) %% 101) / 8.0" if t == "double"
                    else "(int)((q * 53 + %d) %% 1009)")
            if n in self.aos:
                body.append("    for (int q = 0; q < %d; q++) {" % cnt)
                for k, m in enumerate([".x", ".y[0]", ".y[1]"]):
                    body.append("      %s[q]%s = %s;" % (n, m, init % (ord(n) + 3 * k)))
                body.append("    }")
            else:
                body.append("    for (int q = 0; q < %d; q++) %s[q] = %s;" %
                            (cnt, n, init % ord(n)))
        for n, t, d in self.arrays:
            if self.is_rows((n, t, d)):
                # The table of the block's rows, in order (equally spaced:
                # the run-time check holds and the tiled nest runs).
                body.append("    %s **%s_rows = malloc(sizeof(%s *) * %d);" %
                            (t, n, t, DIM))
                body.append("    for (int q = 0; q < %d; q++) %s_rows[q] = %s + q * %d;"
                            % (DIM, n, n, DIM))
        arrays = [n if d == 1 or self.is_flat((n, t, d)) else
                  n + "_rows" if self.is_rows((n, t, d)) else
                  "(%s (*)%s)%s" % (self.ctype((n, t, d)), "[%d]" % DIM * (d - 1), n)
                  for n, t, d in passed]
        if self.data and passed:
            body.append("    struct data data = {%s};" % ", ".join(arrays))
            arrays = ["&data"]
        if temp and self.temp_param:
            body.append("    double *W = malloc(sizeof(double) * %d);" % DIM)
            body.append("    for (int q = 0; q < %d; q++) W[q] = (double)(q %% 7) / 4.0;" % DIM)
            arrays.append("W")
        if self.red_done:
            body.append("    double *X = malloc(sizeof(double) * %d);" % DIM)
            body.append("    for (int q = 0; q < %d; q++) X[q] = 0.0;" % DIM)
            arrays.append("X")
            if self.red_y:
                body.append("    double *Y = malloc(sizeof(double) * %d);" % (DIM * DIM))
                body.append("    for (int q = 0; q < %d; q++) Y[q] = (double)(q %% 5) / 4.0;"
                            % (DIM * DIM))
                arrays.append("(double (*)[%d])Y" % DIM)
        values = self.params + (["%d" % DIM] if flat else [])
        args = ", ".join(values + arrays)
        if self.struct:
            body.append("    struct sizes sizes = {%s};" % ", ".join(values))
            args = ", ".join(["&sizes"] + arrays)
        if self.chain:
            body.append("    struct holder holder = {&sizes};")
            args = ", ".join(["&holder"] + arrays)
        body.append("    kern(%s);" % args)
        for n, t, d in passed:
            body.append("    dump(\"%s\", %s, %d, sizeof(%s));" % (
                n, n, DIM ** d, self.ctype((n, t, d))))
            body.append("    printf(\"%s[mid]=%s\\n\", %s%s[%d]%s);" % (
                n, "%a" if t == "double" else "%d", "" if t == "double" else "",
                n, DIM ** d // 2 + OFFSET, ".x" if n in self.aos else ""))
            body.append("    free(%s);" % n)
            if self.is_rows((n, t, d)):
                body.append("    free(%s_rows);" % n)
        if temp and self.temp_param:
            body.append("    dump(\"W\", W, %d, sizeof(double));" % DIM)
            body.append("    free(W);")
        if self.red_done:
            body.append("    dump(\"X\", X, %d, sizeof(double));" % DIM)
            body.append("    free(X);")
            if self.red_y:
                body.append("    dump(\"Y\", Y, %d, sizeof(double));" % (DIM * DIM))
                body.append("    free(Y);")
        out += body
        out.append("  }")
        out += ["  return 0;", "}"]
        return "\n".join(out) + "\n"


    # --- a second nest -------------------------------------------------
    def second_nest(self):
        """A 2-deep nest after the first: X[i][j] from X's elements at
        distances (1, 0), (0, 1), (1, 1) or (1, -1) and from other arrays
        at any subscripts (1-D X: X[j] from X[j - 1] and X[j])."""
        if not self.multi:
            return []
        r = self.mn
        x = r.choice(self.arrays)
        n, t, d = x
        p0 = self.param(self.params[0])
        p1 = self.param(r.choice(self.params))
        lo = r.choice(["0", "1"])
        c = [OFFSET + r.randint(-1, 1) for _ in range(d)]
        if d == 2:
            w = ["p + %d" % c[0], "q + %d" % c[1]]
            dists = r.sample([(1, 0), (0, 1), (1, 1), (1, -1)], r.randint(1, 3))
            near = [["p + %d" % (c[0] - a), "q + %d" % (c[1] - b)]
                    for a, b in dists]
        else:
            w = ["q + %d" % c[0]]
            near = [["q + %d" % (c[0] - 1)], w]
        reads = [self.element(x, sub) for sub in near]
        for y in r.sample(self.arrays, min(len(self.arrays), r.randint(0, 2))):
            if y == x:
                continue
            pick = ["p", "q", "p + q"]
            sub = ["%s + %d" % (r.choice(pick), OFFSET + r.randint(-3, 3))
                   for _ in range(y[2])]
            reads.append(self.element(y, sub))
        if t == "double":
            rhs = " + ".join("%s * (double)%s" % (r.choice(["0.5", "0.25", "0.125"]), e)
                             for e in reads) + " + 1.0"
        else:
            rhs = "(%s + 1) & 1023" % " + ".join(
                "%d * (int)%s" % (r.randint(1, 7), e) for e in reads)
        return ["#pragma hetile",
                "  for (int p = %s; p < %s; p++)" % (lo, p0),
                "    for (int q = %s; q < %s; q++)" % (lo, p1),
                "      %s = %s;" % (self.element(x, w), rhs)]

    # --- an initialisation nest ---------------------------------------
    def first_nest(self):
        """A 2-deep nest before the nest: one or two 2-D arrays set to
        values of their subscripts over [0, N) x [0, M) (or N x N), shifted
        by -1, 0 or 1."""
        if not self.init_nest:
            return []
        r = self.ini
        two = [a for a in self.arrays if a[2] == 2]
        if not two:
            return []
        p0 = self.param(self.params[0])
        p1 = self.param(r.choice(self.params))
        body = []
        for x in r.sample(two, min(len(two), r.randint(1, 2))):
            c = [OFFSET + r.randint(-1, 1) for _ in range(2)]
            lhs = self.element(x, ["p + %d" % c[0], "q + %d" % c[1]])
            k = r.randint(0, 50)
            if x[1] == "double":
                rhs = "(double)((p * %d + q * %d + %d) %% 37) / 8.0" % (
                    r.randint(1, 9), r.randint(1, 9), k)
            else:
                rhs = "(p * %d + q * %d + %d) %% 1009" % (
                    r.randint(1, 9), r.randint(1, 9), k)
            body.append("      %s = %s;" % (lhs, rhs))
        return ["#pragma hetile",
                "  for (int p = 0; p < %s; p++)" % p0,
                "    for (int q = 0; q < %s; q++) {" % p1] + body + ["    }"]

    # --- the array kern() owns -----------------------------------------
    def owned_before(self):
        """kern()'s declaration and initialisation of the owned array."""
        if not self.owned:
            return []
        n, t, d = self.owned
        init = ("(double)((Q * 37 + %d) %% 101) / 8.0" % ord(n) if t == "double"
                else "(int)((Q * 53 + %d) %% 1009)" % ord(n))
        if self.is_flat(self.owned):
            return ["  %s *%s = malloc(sizeof(%s) * %d);" % (t, n, t, DIM * DIM),
                    "  if (!%s) abort();" % n,
                    "  for (int q = 0; q < %d; q++) %s[q] = %s;" % (
                        DIM * DIM, n, init.replace("Q", "q"))]
        if self.own_heap:
            decl = ["  %s (*%s)%s = malloc(sizeof(%s) * %d);" % (
                t, n, "[%d]" % DIM * (d - 1), t, DIM ** d),
                "  if (!%s) abort();" % n]
        else:
            decl = ["  %s %s%s;" % (t, n, "[%d]" % DIM * d)]
        if d == 1:
            return decl + ["  for (int q = 0; q < %d; q++) %s[q] = %s;" % (
                DIM, n, init.replace("Q", "q"))]
        return decl + ["  for (int q = 0; q < %d; q++)" % DIM,
                       "    for (int p = 0; p < %d; p++) %s[q][p] = %s;" % (
                           DIM, n, init.replace("Q", "(q * %d + p)" % DIM))]

    def owned_after(self):
        """kern()'s reads of the owned array after the nest."""
        if not self.owned:
            return []
        n, t, d = self.owned
        out = []
        for subs in self.own_reads:
            subs = [q.replace("N + ", self.param("N") + " + ")
                     .replace("M + ", self.param("M") + " + ") for q in subs]
            out.append("  printf(\"own %s=%s\\n\", %s);" % (
                self.element(self.owned, subs).replace("%", "%%"),
                "%a" if t == "double" else "%d", self.element(self.owned, subs)))
        if self.own_whole:
            out.append("  dump(\"own %s\", %s, %d, sizeof(%s));" % (
                n, n, DIM ** d, t))
        if self.is_flat(self.owned) or self.own_heap:
            out.append("  free(%s);" % n)
        return out


def generate(seed, steps=False):
    return Gen(seed, steps).program()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--steps", action="store_true",
                    help="the nests of kern() in a loop of two steps")
    a = ap.parse_args()
    text = generate(a.seed, a.steps)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
