package slicing

import (
	"maps"
	"slices"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// segment is one step of a receiver chain: a name read (field, local, type) or a call.
type segment struct {
	name  string
	idx   int // token index of the name
	call  bool
	open  int // for calls: index of "(" and of the matching ")"
	close int
	fresh bool // "new T(...)" root
	// qualified: a fresh root's type is written with a qualifier (new a.B<…>(…)), so name
	// is not all of it.
	qualified bool
	// cast is the type of a cast root, ((T) x).m(…): the call runs on a T.
	cast string
	// madeStream: a call whose every candidate, told by its arguments, returns a JDK stream
	// it made (see madeJDKStreamCall).
	madeStream bool
}

// site is one call (or constructor call) in a statement.
type site struct {
	chain       []segment // root first; the last segment is the call itself
	effect      effect
	recvKey     string   // key of the chain's root object, "" when none (type, fresh, call result)
	recvInner   bool     // the root is a name declared inside the statement (lambda parameter)
	heapResult  bool     // the result may be an object reachable from static state
	assertion   bool     // the call checks something
	assertChain bool     // the call hangs off an assertion entry (AssertJ/Truth chains, verify(x).m())
	recv        recvKind // the receiver the call was resolved on (recvUnknown when none decided it)
	entries     bool     // the receiver is a collection or stream of a JDK map's entries
	// runsHere is the argument a JDK collection, with no project code behind the call, runs
	// before the call returns and does not keep (list.forEach(f), map.computeIfAbsent(k, f)).
	runsHere posSet
	// holdsThis: the site makes an instance of an inner class in a body, which holds the
	// body's own object (this) as its enclosing instance: the new object reaches this, as
	// a part of it does, so what changes it may change this.
	holdsThis bool
}

func (s *site) self() segment { return s.chain[len(s.chain)-1] }

// scan reads one statement's tokens into def/use facts.
func (c *scanCtx) scan(toks []analysis.Token, inner map[string]bool, lambdas [][2]int) facts {
	src := c.src
	c.nestedClass = nestedClass(src, toks)
	f := facts{defs: map[string]bool{}, uses: map[string]bool{}, binds: map[string]bool{}, why: map[string]string{}, deep: map[string]bool{}}
	var sites []*site
	// The variable x of "x = …" is written, not read (x += … reads it).
	assigned := map[int]bool{}
	for _, a := range assignments(src, toks) {
		if len(a.target) == 1 && !a.indexed && a.rootIdx >= 0 && a.rootIdx == a.rhsStart-2 {
			assigned[a.rootIdx] = true
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Is(src, "new") && t.Kind == analysis.TokKeyword:
			if s := c.ctorSite(toks, i); s != nil {
				sites = append(sites, s)
			}
		case t.Kind == analysis.TokIdent && i+1 < len(toks) && toks[i+1].Is(src, "("):
			if i > 0 && (toks[i-1].Is(src, "new") || toks[i-1].Is(src, "::") || toks[i-1].Is(src, "@")) || t.Is(src, "while") ||
				qualifiedNew(src, toks, i) {
				continue // not a call: an annotation, a loop (the lexer reads "while" as a name), new a.b.C(…)
			}
			if methodHead(src, toks, i) {
				continue // a method an anonymous class declares: its body is scanned as code
			}
			if i > 1 && toks[i-1].Is(src, ">") && typeWitnessStart(src, toks, i) == i {
				// Type arguments callSite cannot place (not after a dot): the receiver is not
				// followed, so the call may change anything the statement names.
				cl := matchClose(src, toks, i+1)
				sites = append(sites, &site{chain: []segment{{name: t.Text(src), idx: i, call: true, open: i + 1, close: cl}},
					effect: effGlobal, recvInner: true, heapResult: true})
				continue
			}
			sites = append(sites, c.callSite(toks, i, inner))
		case t.Kind == analysis.TokIdent || t.Is(src, "this") || t.Is(src, "super"):
			if k := c.rootKey(toks, i, inner); k != "" && !(assigned[i] && k == t.Text(src)) {
				f.uses[k] = true
				if k == heapKey {
					c.staticAccess(toks, i, &f)
				}
			}
		case t.Is(src, "assert") && t.Kind == analysis.TokKeyword:
			f.assertion = true
		case t.Is(src, "::") && i+1 < len(toks):
			sites = append(sites, c.methodRefSite(toks, i, inner))
		}
	}
	if at, e := c.concatCallbacks(toks); e != effNone {
		// "x" + loud runs loud's toString, which no call site names.
		if e.writes() {
			e = unknown("unknown effect of toString of a concatenated value (" + e.why + ")")
		}
		sites = append(sites, &site{chain: []segment{{name: "toString", idx: at, call: true, open: -1, close: -1}},
			effect: e, recvInner: true, heapResult: true})
	}
	readsShared := false
	for _, s := range sites {
		if s.effect.flags&effDispatch != 0 || s.effect.disp != 0 {
			why := "unknown effect of " + c.describe(s.chain) + " (a project class may be an object it is given)"
			if s.effect.flags&effDispatch != 0 {
				why = s.effect.why // "… (a project class may be this List)"
				s.effect.why = ""
			}
			if keys, ok := c.dispatchKeys(toks, s); ok {
				f.dispatches = append(f.dispatches, keys...)
				s.effect.flags &^= effDispatch
				s.effect.disp = 0
			} else {
				s.effect = unknown(why)
			}
		}
		f.siteFlags |= s.effect.flags
		if s.effect.flags&effReadsOut != 0 {
			f.uses[outKey] = true
		}
		if s.effect.reads() || s.recvKey == heapKey || !c.body && strings.HasPrefix(s.recvKey, "this.") || c.onTestObject(s) {
			readsShared = true
		}
		self := s.self()
		inLambda := inRanges(toks[self.idx].Start, lambdas)
		if s.assertion {
			if !inLambda {
				f.assertion = true
				for _, seg := range s.chain {
					f.verifies = f.verifies || seg.call && mutatesArguments(seg.name)
				}
			} else if !c.deferredByAssertion(toks, sites, self.idx, lambdas) {
				f.reason = "lambda-assertion"
			}
		}
		if r := c.concurrency(s); r != "" && f.reason == "" {
			f.reason = r
		}
		if s.effect.flags&effRun != 0 {
			s.effect.flags &^= effRun
			if s.recvKey == "" || !c.body {
				// A test statement runs a function value made elsewhere: its body's effects
				// were counted where it was written, not here.
				s.effect = unknown("unknown effect of running " + c.describe(s.chain))
			} else {
				f.runs = append(f.runs, s.recvKey)
			}
		}
		if s.effect.runs&1 != 0 && c.holdsInert(s.chain) {
			s.effect.runs &^= 1 // a ThreadLocal.withInitial(HashSet::new) kept in a static
		}
		if s.effect.runs&1 != 0 && s.effect.flags&effReads == 0 && s.effect.store == 0 && s.effect.leak == 0 {
			// The callee reads no shared state and keeps no argument, so the functions it
			// runs are those its receiver held, or that it wrote itself (read in its summary).
			if e, ok := c.freshHeldEffect(s.chain); ok {
				s.effect.runs &^= 1
				s.effect.flags |= e.flags
			}
		}
		if s.effect.runs&1 != 0 {
			// The callee runs a function its receiver holds: a body hands it on to its own
			// summary; a test cannot tell which function that is.
			recv := c.receiverKeys(toks, s, inner)
			if len(recv) == 0 || !c.body {
				s.effect = unknown("unknown effect of running a function held by " + c.describe(s.chain))
			} else {
				f.runs = append(f.runs, recv...)
				s.effect.runs &^= 1
			}
		}
		if s.effect.runs != 0 {
			// The callee runs functions it is given: lambdas written here are read as part of
			// this code; anything else is recorded for the enclosing summary to resolve.
			for i, g := range c.argGroups(toks, self.open, self.close, inner) {
				if s.effect.runs&posOf(i) == 0 || c.lambdaArg(toks, self.open, self.close, i) ||
					c.methodRefArg(toks, self.open, self.close, i) || c.collectorArg(toks, self.open, self.close, i) {
					continue
				}
				if len(g) == 0 && c.factoryArg(toks, self.open, self.close, i) {
					continue // Suppliers.nul(): a function that changes nothing
				}
				if from, to, ok := c.argSpan(toks, self.open, self.close, i); ok && c.valueArg(toks, from, to) {
					continue // a String or a number is no function: another overload takes it
				} else if fl, held := c.inertFns[toks[from].Text(c.src)]; ok && to == from+1 && held && !inner[toks[from].Text(c.src)] &&
					(fl == 0 || s.effect.mut == 0 && s.effect.store == 0 && s.effect.leak == 0 && s.effect.flags&effWrites == 0) {
					// A local holding Complex::log: running it changes nothing, and what it
					// reads (a shared constant it may return) the callee does not change.
					if fl != 0 {
						readsShared = true
					}
					continue
				} else if ok && to == from+1 && s.effect.store&posOf(i) == 0 && s.effect.leak&posOf(i) == 0 {
					if lf, ok := c.runLambdaLocal(toks[from].Text(c.src), inner); ok {
						f.add(lf) // a local lambda run here, and not kept: its body's effects are this statement's
						continue
					}
				}
				if re, ok := c.runArgEffect(toks, s, i); ok && !re.writes() && re.runs == 0 && re.disp == 0 {
					s.effect.flags |= re.flags & effReads // an object of a project class: its functional method runs
					continue
				}
				if len(g) == 0 || !c.body {
					s.effect = unknown("unknown effect of running an argument of " + c.describe(s.chain))
					break
				}
				f.runs = append(f.runs, g...)
			}
			s.effect.runs = 0
		}
		if !s.effect.writes() {
			continue
		}
		args := c.argGroups(toks, self.open, self.close, inner)
		for i, typ := range c.argTypes(toks, self.open, self.close) {
			if i < len(args) && primitive[typ] {
				args[i] = nil // a number (xs.length) is no object: nothing changes or keeps it
			}
		}
		recv := c.receiverKeys(toks, s, inner)
		keysAt := func(ps posSet) []string {
			var out []string
			seen := map[string]bool{}
			add := func(ks []string) {
				for _, k := range ks {
					if !seen[k] && !c.immutable(k) {
						seen[k] = true
						out = append(out, k)
					}
				}
			}
			if ps&1 != 0 {
				add(recv)
			}
			for i, g := range args {
				if ps&posOf(i) != 0 {
					add(g)
				}
			}
			return out
		}
		for _, k := range keysAt(s.effect.mut) {
			f.defs[k] = true
			f.deep[k] = true
		}
		if s.effect.flags&effWrites != 0 {
			f.defs[heapKey] = true
			f.deep[heapKey] = true
			if f.why[heapKey] == "" {
				w := s.effect.why
				if w == "" {
					w = "unknown effect of " + self.name
				}
				f.why[heapKey] = w
			}
		}
		if s.effect.flags&effPrints != 0 {
			f.defs[outKey] = true
			f.why[outKey] = printWhy
		}
		if g := keysAt(s.effect.store); len(g) > 1 {
			f.aliases = append(f.aliases, g)
		}
		if g := keysAt(s.effect.leak); len(g) > 0 {
			f.aliases = append(f.aliases, append(g, heapKey))
		}
		if s.recvInner && s.effect.flags&(effWrites|effPrints) != 0 {
			group := []string{heapKey}
			for k := range f.uses {
				f.defs[k] = true
				f.deep[k] = true
				group = append(group, k)
			}
			f.aliases = append(f.aliases, group)
		}
	}
	if readsShared {
		f.uses[heapKey] = true
	}
	for _, a := range assignments(src, toks) {
		var target string
		simple := len(a.target) == 1 && !a.indexed
		switch {
		case a.rootIdx < 0:
			target = heapKey
		default:
			target = c.rootKey(toks, a.rootIdx, inner)
			if target == "" {
				if inner[a.target[0]] && !simple {
					target = heapKey
				} else if !inner[a.target[0]] {
					target = heapKey
				}
			}
		}
		if target == "" {
			continue
		}
		if simple && target == a.target[0] {
			f.binds[target] = true // rebinding a local changes no object
		} else {
			f.defs[target] = true
			shallow := !a.indexed && (len(a.target) == 2 || len(a.target) == 1 && target != a.target[0]) ||
				a.indexed && len(a.target) == 1
			if !shallow {
				f.deep[target] = true
			}
			if (target == heapKey || strings.HasPrefix(target, "this.")) && f.why[target] == "" {
				f.why[target] = "writes " + strings.Join(a.target, ".")
				if target == heapKey && a.rootIdx >= 0 && isTypeName(a.target[0]) {
					f.why[target] = "writes static " + strings.Join(a.target, ".")
				}
			}
		}
		if a.rhsEnd <= a.rhsStart {
			continue
		}
		if simple && valueTypes[c.locals[a.target[0]]] {
			continue
		}
		if f, ok := strings.CutPrefix(target, "this."); ok && len(a.target) <= 2 && !a.indexed && immutableType(c.fields[f]) {
			continue // an immutable value stored in a field shares nothing
		}
		group := []string{target}
		seen := map[string]bool{target: true}
		for _, k := range c.flowKeys(toks, a.rhsStart, a.rhsEnd, inner) {
			if !seen[k] && !c.immutable(k) {
				seen[k] = true
				group = append(group, k)
			}
		}
		if len(group) > 1 {
			if simple && target == a.target[0] {
				f.aliases = append(f.aliases, group)
			} else {
				f.reach = append(f.reach, group) // the target object now reaches the value
			}
		}
	}
	return f
}

func inRanges(off int, ranges [][2]int) bool {
	for _, r := range ranges {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// onTestObject reports whether a call in a test statement runs an instance method of the
// test object unqualified (getCollection(), a helper of the test class or a superclass):
// summaries keep no reads of the receiver's own fields, and the test object's fields are
// state the test's statements share, so the call reads that state.
func (c *scanCtx) onTestObject(s *site) bool {
	if c.body || c.t == nil || len(s.chain) != 1 {
		return false
	}
	self := s.self()
	return slices.ContainsFunc(c.p.methodsIn(c.t, self.name, -1), func(r memberRef) bool { return !r.m.Static() })
}

// deferredByAssertion reports whether the lambda holding the token at idx is an argument
// of an assertion that runs it (assertThrows, assertAll, assertThatThrownBy, isThrownBy…).
func (c *scanCtx) deferredByAssertion(toks []analysis.Token, sites []*site, idx int, lambdas [][2]int) bool {
	off := toks[idx].Start
	// The innermost lambda holding the call.
	best := [2]int{-1, -1}
	for _, r := range lambdas {
		if off >= r[0] && off < r[1] && (best[0] < 0 || r[0] >= best[0]) {
			best = r
		}
	}
	var enclosing *site
	for _, s := range sites {
		self := s.self()
		if self.close < 0 || self.open < 0 {
			continue
		}
		if toks[self.open].Start < best[0] && toks[self.close].Start >= best[1]-1 {
			if enclosing == nil || self.open > enclosing.self().open {
				enclosing = s
			}
		}
	}
	if enclosing == nil {
		return false
	}
	return (enclosing.assertion || enclosing.assertChain) && (deferredAssertion(enclosing.self().name) || enclosing.assertChain)
}

// concurrency names the fallback a call forces: "sleep" or "thread".
func (c *scanCtx) concurrency(s *site) string {
	self := s.self()
	root := s.chain[0]
	if self.name == "sleep" {
		for _, seg := range s.chain {
			if seg.name == "Thread" || seg.name == "TimeUnit" || seg.name == "SECONDS" || seg.name == "MILLISECONDS" {
				return "sleep"
			}
		}
	}
	switch self.name {
	case "parallelStream", "parallel", "runAsync", "supplyAsync":
		return "thread"
	}
	if root.fresh {
		switch root.name {
		case "Thread", "Timer", "ForkJoinPool", "ThreadPoolExecutor", "ScheduledThreadPoolExecutor", "CompletableFuture":
			return "thread"
		}
	}
	if !root.call {
		switch root.name {
		case "Executors", "CompletableFuture", "ForkJoinPool", "Executor":
			return "thread"
		}
		switch analysis.EraseType(c.locals[root.name]) {
		case "Thread", "ExecutorService", "Executor", "ScheduledExecutorService", "CompletableFuture", "Future", "ForkJoinPool", "Timer":
			return "thread"
		}
	}
	return ""
}

// rootKey gives the key of the name at toks[i] when it is the root of an expression (not a
// member after a dot, not a call, not a type): a local, "this.f", or the heap.
func (c *scanCtx) rootKey(toks []analysis.Token, i int, inner map[string]bool) string {
	src := c.src
	t := toks[i]
	if t.Kind != analysis.TokIdent && !t.Is(src, "this") && !t.Is(src, "super") {
		return ""
	}
	if i > 0 && (toks[i-1].Is(src, ".") || toks[i-1].Is(src, "@") || toks[i-1].Is(src, "::")) {
		return ""
	}
	next := func(k int) bool { return i+k < len(toks) }
	if next(1) && (toks[i+1].Is(src, "(") || toks[i+1].Is(src, "->")) {
		return "" // a call name or a lambda parameter; "x::m" keeps x: the reference captures it
	}
	if i > 0 && (toks[i-1].Is(src, "break") || toks[i-1].Is(src, "continue")) ||
		next(1) && toks[i+1].Is(src, ":") && (i == 0 || toks[i-1].Is(src, ";") || toks[i-1].Is(src, "{") || toks[i-1].Is(src, "}")) {
		return "" // a statement label
	}
	name := t.Text(src)
	switch name {
	case "this":
		if c.body && !(next(1) && toks[i+1].Is(src, ".")) {
			return "this"
		}
		if next(2) && toks[i+1].Is(src, ".") && toks[i+2].Kind == analysis.TokIdent && !(next(3) && toks[i+3].Is(src, "(")) {
			return "this." + toks[i+2].Text(src)
		}
		return heapKey
	case "super":
		if c.body {
			return "this"
		}
		return heapKey
	case "var":
		return ""
	}
	if inner[name] {
		return ""
	}
	if _, ok := c.locals[name]; ok {
		return name
	}
	if _, ok := c.fields[name]; ok {
		return "this." + name
	}
	if projectType := len(c.p.resolve(c.t, name)) > 0; isTypeName(name) || projectType {
		if !projectType && immutableType(name) {
			// A JDK value class: its static fields (Integer.TYPE, Boolean.TRUE,
			// BigDecimal.ONE) are constants of immutable or stateless objects.
			return ""
		}
		// A type: a static field read through it, or through a type nested in it
		// (Checks.Counting.count), reads shared state.
		k := i
		for k+2 < len(toks) && toks[k+1].Is(src, ".") && isTypeName(toks[k+2].Text(src)) && !(k+3 < len(toks) && toks[k+3].Is(src, "(")) {
			k += 2
		}
		at := func(d int) bool { return k+d < len(toks) }
		if at(2) && toks[k+1].Is(src, ".") && toks[k+2].Kind == analysis.TokIdent && !(at(3) && toks[k+3].Is(src, "(")) &&
			toks[k+2].Text(src) != "class" && !isTypeName(toks[k+2].Text(src)) || at(3) && toks[k+1].Is(src, ".") && isConstName(toks[k+2].Text(src)) {
			if k > i && c.nestedConstant(toks, i, k) {
				return "" // Processor.Type.X86: an enum constant, or a compile-time constant
			}
			return heapKey
		}
		return ""
	}
	// Lower-case names that are neither locals nor known fields: inherited or statically
	// imported fields, or package names. Reading them reads shared state.
	if next(1) && toks[i+1].Kind == analysis.TokIdent {
		return "" // a type in a declaration ("foo bar = …" cannot be a value)
	}
	return heapKey
}

// nestedConstant reports whether toks[i:k+3], a static field read through nested project
// types (Processor.Type.X86), names an enum's constant or a compile-time constant.
func (c *scanCtx) nestedConstant(toks []analysis.Token, i, k int) bool {
	ts := c.p.resolve(c.t, toks[i].Text(c.src))
	if len(ts) != 1 {
		return false
	}
	t := ts[0]
	for j := i + 2; j <= k; j += 2 {
		if t = c.p.snap.Type(t.ID + "." + toks[j].Text(c.src)); t == nil {
			return false
		}
	}
	f := c.p.fieldOf(t, toks[k+2].Text(c.src))
	return f != nil && f.Static() && (c.p.inlined(f) || t.Kind == "enum" && f.ReturnType == t.Name && statelessEnum(t))
}

// statelessEnum reports whether the enum t's constants hold no state that can change:
// every instance field it declares is final and of a primitive or immutable JDK type. (A
// constant's own class body keeps its fields apart: code there writing them writes
// shared state, see constantOverrides.)
func statelessEnum(t *analysis.Type) bool {
	for _, m := range t.Members {
		if m.Kind == analysis.KindField && !m.Static() && !(hasString(m.Modifiers, "final") && (primitive[m.ReturnType] || immutableType(m.ReturnType))) {
			return false
		}
	}
	return true
}

func isTypeName(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' && !isConstName(s) }

// isConstName reports an ALL_CAPS name, a constant by convention (not a type).
func isConstName(s string) bool {
	if len(s) < 2 || strings.ToUpper(s) != s {
		return false
	}
	return s[0] >= 'A' && s[0] <= 'Z'
}

// argKeys returns the keys of every root name inside the parentheses (open, close).
func (c *scanCtx) argKeys(toks []analysis.Token, open, close int, inner map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	for j := open + 1; j < close && j < len(toks); j++ {
		if k := c.rootKey(toks, j, inner); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	if !seen["this"] && c.makesInnerIn(toks, open+1, close) {
		out = append(out, "this")
	}
	return out
}

// opensBracket reports whether t is "(", "[" or "{".
func opensBracket(src []byte, t analysis.Token) bool {
	return t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{")
}

// closesBracket reports whether t is ")", "]" or "}".
func closesBracket(src []byte, t analysis.Token) bool {
	return t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}")
}

func matchClose(src []byte, toks []analysis.Token, open int) int {
	depth := 0
	for j := open; j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

func matchOpen(src []byte, toks []analysis.Token, close int) int {
	depth := 0
	for j := close; j >= 0; j-- {
		switch {
		case closesBracket(src, toks[j]):
			depth++
		case opensBracket(src, toks[j]):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// skipTypeArgs returns the index after the type arguments "<…>" opening at toks[j] (end when
// they do not close before it), or j when none open there.
func skipTypeArgs(src []byte, toks []analysis.Token, j, end int) int {
	if j >= end || !toks[j].Is(src, "<") {
		return j
	}
	for depth := 0; j < end; j++ {
		if toks[j].Is(src, "<") {
			depth++
		} else if toks[j].Is(src, ">") {
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return end
}

// ctorSite reads "new T<…>(…)" at toks[i].
func (c *scanCtx) ctorSite(toks []analysis.Token, i int) *site {
	src := c.src
	j := i + 1
	name := ""
	for j < len(toks) && (toks[j].Kind == analysis.TokIdent || toks[j].Is(src, ".") || toks[j].Is(src, "@")) {
		if toks[j].Kind == analysis.TokIdent {
			name = toks[j].Text(src)
		}
		j++
	}
	j = skipTypeArgs(src, toks, j, len(toks))
	if name == "" || j >= len(toks) || !toks[j].Is(src, "(") {
		return nil
	}
	cl := matchClose(src, toks, j)
	seg := segment{name: name, idx: i, call: true, open: j, close: cl, fresh: true}
	s := &site{chain: []segment{seg}}
	anonymous := cl+1 < len(toks) && toks[cl+1].Is(src, "{")
	s.effect = c.p.ctorEffect(c.t, name, countArgs(src, toks, j, cl), anonymous)
	if (collectionTypes[name] || freshJDK[name]) && len(c.p.resolve(c.t, name)) == 0 {
		// new ArrayList<>(c) copies c through its own toArray (size and iteration for a
		// map): a collection the project may implement runs its code there.
		if spans, ok := c.argSpans(toks, j, cl); ok {
			for i, sp := range spans {
				if c.operandCollection(toks, sp[0], sp[1]) != effNone {
					s.effect.disp |= posOf(i)
				}
			}
		}
	}
	if s.effect.flags&effCallbacks != 0 {
		s.effect.flags &^= effCallbacks
		s.effect = s.effect.or(c.callbacks(toks, j, cl))
	}
	if c.makesInner(name) {
		qualified := i > 0 && toks[i-1].Is(src, ".")
		if (anonymous || !c.body || qualified) && s.effect != effGlobal {
			// outer.new Inner(), an anonymous subclass, a test's own inner class: what the
			// object's making does to its enclosing object is not read.
			s.effect = unknown("unknown effect of new " + name + " (inner class)")
		}
		// Unqualified in a body, its enclosing object is this: the receiver of the making.
		s.holdsThis = c.body && !qualified
	}
	s.heapResult = s.effect.ret&retShared != 0
	if anonymous {
		s.effect.flags |= effReads // anonymous class: its body is scanned as code
		// A test cannot tell what the object's methods reach. A body's summary reads them
		// in place, where they are written, as it reads a lambda's (see writtenFunction):
		// the object is a fresh one of its own.
		s.heapResult = s.heapResult || !c.body
	}
	return s
}

// makesInner reports whether "new name(…)" written here makes an instance of an inner
// class (one with an enclosing instance).
func (c *scanCtx) makesInner(name string) bool {
	return slices.ContainsFunc(c.p.resolve(c.t, name), c.p.innerClass)
}

// makesInnerIn reports whether toks[from:to] makes an instance of an inner class holding
// this body's object (see site.holdsThis): a value made there reaches this.
func (c *scanCtx) makesInnerIn(toks []analysis.Token, from, to int) bool {
	for j := from; j < to && j < len(toks); j++ {
		if toks[j].Kind == analysis.TokKeyword && toks[j].Is(c.src, "new") {
			if s := c.ctorSite(toks, j); s != nil && s.holdsThis {
				return true
			}
		}
	}
	return false
}

func countArgs(src []byte, toks []analysis.Token, open, close int) int {
	if close <= open+1 {
		return 0
	}
	n, depth := 1, 0
	for j := open + 1; j < close; j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case toks[j].Is(src, "<") && depth == 0:
			// generic arguments of a nested "new X<A, B>" are not argument separators
			k := j
			d := 0
			for ; k < close; k++ {
				if toks[k].Is(src, "<") {
					d++
				} else if toks[k].Is(src, ">") {
					d--
					if d == 0 {
						break
					}
				} else if !(toks[k].Kind == analysis.TokIdent || toks[k].Is(src, ",") || toks[k].Is(src, ".") || toks[k].Is(src, "?")) {
					k = j
					break
				}
			}
			if k > j && k < close {
				j = k
			}
		case toks[j].Is(src, ",") && depth == 0:
			n++
		}
	}
	return n
}

// printsStandardOutput reports whether chain is System.out.m(…) or System.err.m(…) whose
// effect is printEffect's write of the standard output.
func (c *scanCtx) printsStandardOutput(chain []segment) bool {
	if len(chain) != 3 || chain[0].call || chain[1].call || !c.standardStream(chain[0].name, chain[1].name) {
		return false
	}
	e, ok := c.p.printEffect(chain[2].name)
	return ok && e.why == printWhy
}

// standardStream reports whether class.field names the JDK's System.out or System.err.
func (c *scanCtx) standardStream(class, field string) bool {
	return class == "System" && (field == "out" || field == "err") && c.jdkSystem()
}

// lambdaLocal is a test body's local given one value only, a lambda: its parameters and
// the tokens of its body.
type lambdaLocal struct {
	params []string
	body   []analysis.Token
}

// lambdaAt reads toks[from:to] as one lambda, "x -> …" or "(a, b) -> …".
func lambdaAt(src []byte, toks []analysis.Token, from, to int) (lambdaLocal, bool) {
	arrow := from + 1
	if from < to && toks[from].Is(src, "(") {
		arrow = matchClose(src, toks, from) + 1
	}
	if arrow <= from || arrow+1 >= to || !toks[arrow].Is(src, "->") {
		return lambdaLocal{}, false
	}
	ps := lambdaParamsIn(src, toks[from:arrow+1])
	if len(ps) != 1 {
		return lambdaLocal{}, false
	}
	return lambdaLocal{params: ps[0].names, body: toks[arrow+1 : to]}, true
}

// runLambdaLocal returns the facts of running the lambda local n holds, read as code of
// the statement that runs it; ok is false when n is no such local, or the lambda asserts
// or makes the statement one to keep whole.
func (c *scanCtx) runLambdaLocal(n string, inner map[string]bool) (facts, bool) {
	l, ok := c.lambdaLocals[n]
	if !ok || c.body || inner[n] {
		return facts{}, false
	}
	sub := maps.Clone(inner)
	for _, p := range l.params {
		sub[p] = true
	}
	nested := c.nestedClass
	lf := c.scan(l.body, sub, nil)
	c.nestedClass = nested
	if lf.assertion || lf.verifies || lf.reason != "" {
		return facts{}, false
	}
	return lf, true
}

// functionLocals reads a test body's locals that only hold functions: those every value of
// which is a method reference on a name that changes nothing when it runs, noting whether
// it may read shared state (final UnaryOperator<Complex> op = Complex::log), and those
// assigned exactly once, to a lambda (final DoubleUnaryOperator fun = z -> BoostGamma.lgamma(z, sign)).
func (c *scanCtx) functionLocals(toks []analysis.Token) (inert map[string]effFlags, lambdas map[string]lambdaLocal) {
	inert, lambdas = map[string]effFlags{}, map[string]lambdaLocal{}
	other, count := map[string]bool{}, map[string]int{}
	for _, a := range assignments(c.src, toks) {
		if len(a.target) != 1 || a.indexed {
			continue
		}
		n := a.target[0]
		count[n]++
		if fl, ok := c.inertMethodRef(toks, a.rhsStart, a.rhsEnd); ok {
			inert[n] |= fl
		} else {
			other[n] = true
		}
		if l, ok := lambdaAt(c.src, toks, a.rhsStart, a.rhsEnd); ok {
			lambdas[n] = l
		}
	}
	for n := range other {
		delete(inert, n)
	}
	for n, k := range count {
		if k != 1 {
			delete(lambdas, n)
		}
	}
	return inert, lambdas
}

// inertMethodRef reports whether toks[from:to] is a method reference on a name (Q::m)
// whose call changes and runs nothing (see methodRefSite); flags says whether it reads
// shared state.
func (c *scanCtx) inertMethodRef(toks []analysis.Token, from, to int) (flags effFlags, ok bool) {
	k := from
	for k < to && (toks[k].Kind == analysis.TokIdent || toks[k].Is(c.src, ".")) {
		k++
	}
	if k == from || k+2 != to || !toks[k].Is(c.src, "::") || toks[k+1].Kind != analysis.TokIdent {
		return 0, false
	}
	e := c.methodRefSite(toks, k, map[string]bool{}).effect
	return e.flags, e.readsAtMost()
}

// groupsChain reports whether toks[open] and toks[close] are parentheses around nothing but
// a chain of names and calls (a, a.b, a.b(…).c(…)), and not a call's, a cast's or a
// constructor's.
func groupsChain(src []byte, toks []analysis.Token, open, close int) bool {
	if open < 0 || open+1 >= close || open >= 1 && (toks[open-1].Kind == analysis.TokIdent || toks[open-1].Is(src, ">")) ||
		toks[open+1].Kind != analysis.TokIdent {
		return false
	}
	for i := open + 2; i < close; {
		switch {
		case toks[i].Is(src, "(") && toks[i-1].Kind == analysis.TokIdent:
			c := matchClose(src, toks, i)
			if c < 0 || c >= close {
				return false
			}
			i = c + 1
		case toks[i].Is(src, ".") && i+1 < close && toks[i+1].Kind == analysis.TokIdent:
			i += 2
		default:
			return false
		}
	}
	return true
}

// callSite reads the call whose name is at toks[k], walking back over its receiver chain.
func (c *scanCtx) callSite(toks []analysis.Token, k int, inner map[string]bool) *site {
	src := c.src
	open := k + 1
	cl := matchClose(src, toks, open)
	chain := []segment{{name: toks[k].Text(src), idx: k, call: true, open: open, close: cl}}
	pos := k
	unknown := false
	for pos >= 2 && toks[typeWitnessStart(src, toks, pos)-1].Is(src, ".") {
		j := typeWitnessStart(src, toks, pos) - 2
		if j < 0 {
			unknown = true
			break
		}
		t := toks[j]
		if t.Kind == analysis.TokIdent || t.Is(src, "this") || t.Is(src, "super") {
			chain = append(chain, segment{name: t.Text(src), idx: j})
			pos = j
			continue
		}
		if t.Is(src, ")") && groupsChain(src, toks, matchOpen(src, toks, j), j) {
			// (a.b(…)).m(…): the parentheses only group the chain inside them.
			j--
			if t = toks[j]; t.Kind == analysis.TokIdent {
				chain = append(chain, segment{name: t.Text(src), idx: j})
				pos = j
				continue
			}
		}
		if t.Is(src, ")") {
			m := matchOpen(src, toks, j)
			if m >= 1 && toks[m-1].Kind == analysis.TokIdent {
				if m >= 2 && toks[m-2].Is(src, "new") {
					chain = append(chain, segment{name: toks[m-1].Text(src), idx: m - 2, call: true, open: m, close: j, fresh: true})
					pos = -1
					break
				}
				chain = append(chain, segment{name: toks[m-1].Text(src), idx: m - 1, call: true, open: m, close: j})
				pos = m - 1
				continue
			}
			if seg, ok := c.castRoot(toks, m, j); ok {
				chain = append(chain, seg)
				pos = -1
				break
			}
			if m >= 1 && toks[m-1].Is(src, ">") { // new X<...>(...)
				q := m - 1
				for q >= 0 && !toks[q].Is(src, "new") && !toks[q].Is(src, ";") {
					q--
				}
				if q >= 0 && toks[q].Is(src, "new") && q+1 < len(toks) {
					chain = append(chain, segment{name: toks[q+1].Text(src), idx: q, call: true, open: m, close: j, fresh: true,
						qualified: q+2 < len(toks) && !toks[q+2].Is(src, "<")})
					pos = -1
					break
				}
			}
		}
		if t.Kind == analysis.TokString {
			chain = append(chain, segment{name: "String", idx: j, fresh: true})
			pos = -1
			break
		}
		if seg, ok := c.elementRoot(toks, j); ok {
			chain = append(chain, seg)
			pos = -1
			break
		}
		unknown = true
		break
	}
	for a, b := 0, len(chain)-1; a < b; a, b = a+1, b-1 {
		chain[a], chain[b] = chain[b], chain[a]
	}
	if !unknown && len(chain) >= 2 && chain[0].name == "this" && !chain[0].call && chain[1].call {
		chain = chain[1:] // this.m(…) is m(…)
	}
	if !unknown && len(chain) >= 3 {
		chain = c.nonNullRoot(toks, chain)
	}
	s := &site{chain: chain}
	self := chain[len(chain)-1]
	arity := countArgs(src, toks, self.open, self.close)
	root := chain[0]
	if unknown {
		s.effect = effGlobal
		s.heapResult = true
		s.recvKey = heapKey
		s.assertion = c.p.isAssertionCall(self.name, arity)
		return s
	}
	// The first call of the chain decides whether it is an assertion chain.
	first := -1
	for i, seg := range chain {
		if seg.call {
			first = i
			break
		}
	}
	firstSeg := chain[first]
	firstRecv := chain[:first]
	entryIsAssertion := !firstSeg.fresh && c.p.isAssertionCall(firstSeg.name, countArgs(src, toks, firstSeg.open, firstSeg.close)) &&
		(len(firstRecv) == 0 || len(firstRecv) == 1 && (frameworkTypes[firstRecv[0].name] || isTypeName(firstRecv[0].name) || firstRecv[0].name == "this"))
	if len(chain) == 1 || first == len(chain)-1 {
		s.assertion = c.p.isAssertionCall(self.name, arity) && !root.fresh
	} else if entryIsAssertion {
		s.assertChain = true
		s.assertion = true
	} else {
		s.assertion = c.p.isAssertionCall(self.name, arity)
	}
	// Key of the root object.
	staticRoot := false
	switch {
	case root.fresh:
	case len(chain) == 1: // an unqualified call
		s.heapResult = true
		staticRoot = true
	case root.call: // an unqualified call's result
		s.heapResult = true
	case c.printsStandardOutput(chain):
		// System.out.println(…): its stream is no object the code can read (see printEffect)
	default:
		if k := c.rootKey(toks, root.idx, inner); k != "" {
			s.recvKey = k
			if k == heapKey || !c.body && strings.HasPrefix(k, "this.") {
				s.heapResult = true
			}
		} else if inner[root.name] {
			s.recvInner = true
			s.heapResult = true
		} else {
			s.heapResult = true // static type
			staticRoot = true
		}
	}
	if s.assertChain {
		if mutatesArguments(firstSeg.name) {
			s.effect = effNone // verify(mock).m(args): verify itself carries the effect
			return s
		}
		// assertThat(actual).isEqualTo(expected): the chain compares what it is given.
		for _, seg := range chain[first:] {
			if seg.call && seg.open >= 0 && seg.close > seg.open {
				s.effect = s.effect.or(c.callbacks(toks, seg.open, seg.close))
			}
		}
		return s
	}
	c.markMadeStream(toks, chain)
	var r receiver
	s.effect, r = c.calleeEffect(chain, arity, c.argTypes(toks, self.open, self.close))
	if len(chain) == 2 && chain[0].name == "super" && !chain[0].call && (self.name == "hashCode" && arity == 0 || self.name == "equals" && arity == 1) &&
		c.superIsObject(toks, chain[0].idx) {
		s.effect = effNone // Object's identity hash and comparison
	}
	s.recv, s.entries = r.kind, r.entries
	if r.kind == recvCollection && (r.final || !c.p.collectionOverrides(r.name)) {
		s.runsHere = s.effect.runs
	}
	if s.effect.flags&effCallbacks != 0 {
		s.effect.flags &^= effCallbacks
		if r.kind == recvStream && self.name == "collect" {
			s.effect = s.effect.or(c.collectorCallbacks(toks, self.open, self.close, r.entries))
		} else if args, ok := c.passingComparison(toks, chain); ok {
			spans, _ := c.argSpans(toks, self.open, self.close)
			for i, sp := range spans {
				if slices.Contains(args, i) {
					s.effect = s.effect.or(c.operandCallbacks(toks, sp[0], sp[1]))
				} else {
					// The expected collection's equals asks this one for its size and elements.
					s.effect = s.effect.or(c.operandCollection(toks, sp[0], sp[1]))
				}
			}
		} else {
			s.effect = s.effect.or(c.callbacks(toks, self.open, self.close))
		}
	}
	if s.recvInner && s.effect.writes() {
		s.effect = effGlobal
	}
	if staticRoot && s.effect != effGlobal {
		// Unqualified and static calls: the result is shared state only when the callee
		// may return it (or, in a test, when it returns part of the test object).
		s.heapResult = s.effect.ret&retShared != 0 || !c.body && len(chain) == 1 && s.effect.ret&retArgs != 0
	}
	if s.effect != effGlobal && throughCalls(chain) {
		// The result of a chain through call results is shared state when the call may
		// return it, or what its receiver reaches and that is.
		s.heapResult = false
		if s.effect.ret&retArgs != 0 {
			for _, k := range c.chainKeys(toks, s, inner) {
				s.heapResult = s.heapResult || k == heapKey || !c.body && strings.HasPrefix(k, "this.")
			}
		}
	}
	if s.effect.ret&retShared != 0 || staticRoot && len(chain) == 2 && root.name == "Comparator" && c.holdsCode(toks, self.open, self.close) {
		s.heapResult = true
	}
	if s.effect.flags&effWrites != 0 && (s.effect.why == "" || s.effect == effGlobal) {
		s.effect.why = "unknown effect of " + c.describe(chain)
	}
	return s
}

// holdsCode reports whether a JDK function factory called with the arguments between open
// and close (Comparator.comparing(f), nullsFirst(c)) may hold code that runs project code
// later, wherever the function it makes runs: a lambda, a method reference other than to a
// final JDK class's method, or any other argument that is no value. The function it makes
// is then shared state, as a lambda bound to a local is.
func (c *scanCtx) holdsCode(toks []analysis.Token, open, close int) bool {
	if c.shadowed("Comparator") {
		return true
	}
	for i := 0; i < countArgs(c.src, toks, open, close); i++ {
		from, to, ok := c.argSpan(toks, open, close, i)
		switch {
		case !ok || c.lambdaArg(toks, open, close, i):
			return true
		case c.methodRefArg(toks, open, close, i):
			if !c.finalJDKQualifier(toks[from].Text(c.src)) {
				return true
			}
		case !c.valueArg(toks, from, to):
			return true
		}
	}
	return false
}

// elementRoot reads a[i] ending at toks[close] as a receiver: a segment for the array a,
// typed by the element type a local or field a is declared with (String[] parts:
// parts[i].equals(…) runs String#equals).
func (c *scanCtx) elementRoot(toks []analysis.Token, close int) (segment, bool) {
	src := c.src
	if !toks[close].Is(src, "]") {
		return segment{}, false
	}
	open := matchOpen(src, toks, close)
	if open < 1 || toks[open-1].Kind != analysis.TokIdent || open >= 2 && toks[open-2].Is(src, ".") {
		return segment{}, false
	}
	name := toks[open-1].Text(src)
	typ, ok := c.locals[name]
	if !ok {
		typ, ok = c.fields[name]
	}
	typ = analysis.EraseType(typ)
	if !ok || !strings.HasSuffix(typ, "[]") {
		return segment{}, false
	}
	return segment{name: name, idx: open - 1, cast: strings.TrimSuffix(typ, "[]")}, true
}

// castRoot reads the receiver group toks[open:close+1] as a cast of a variable, ((T) x):
// a segment for x typed T.
func (c *scanCtx) castRoot(toks []analysis.Token, open, close int) (segment, bool) {
	src := c.src
	if open+1 >= close || !toks[open+1].Is(src, "(") {
		return segment{}, false
	}
	c1 := matchClose(src, toks, open+1)
	if c1 <= open+2 || c1+2 != close || toks[c1+1].Kind != analysis.TokIdent || !typeTokens(src, toks[open+2:c1]) {
		return segment{}, false
	}
	var typ strings.Builder
	for _, t := range toks[open+2 : c1] {
		typ.WriteString(t.Text(src))
	}
	return segment{name: toks[c1+1].Text(src), idx: c1 + 1, cast: typ.String()}, true
}

// typeWitnessStart returns the index of the "<" of explicit type arguments written before
// the method name at toks[name] (X.<T>of()), or name when there are none.
func typeWitnessStart(src []byte, toks []analysis.Token, name int) int {
	if name >= 2 && toks[name-1].Is(src, ">") {
		if open := analysis.AngleOpen(src, toks, name-1); open >= 1 && toks[open-1].Is(src, ".") {
			return open
		}
	}
	return name
}

// effectOf types the receiver chain step by step and asks for the effect of the call.
func (c *scanCtx) effectOf(chain []segment, arity int) effect {
	e, _ := c.calleeEffect(chain, arity, nil)
	return e
}

// calleeEffect is effectOf with the receiver the call was resolved on (of kind
// recvUnknown when no receiver decided it). args are the argument types known at the
// call (see argTypes; nil when not read), which rule out overloads.
func (c *scanCtx) calleeEffect(chain []segment, arity int, args []string) (effect, receiver) {
	p := c.p
	self := chain[len(chain)-1]
	recv := chain[:len(chain)-1]
	if e, ok := c.inInitCall(chain, arity, args); ok {
		return e, receiver{}
	}
	var r receiver
	if len(recv) == 0 {
		return p.callEffect(c.t, receiver{kind: recvUnqualified, args: args}, self.name, arity), receiver{kind: recvUnqualified}
	}
	if getsClass(self) {
		return effNone, receiver{} // whatever the receiver: the receiver's own calls are sites of their own
	}
	if recv[0].cast != "" {
		if len(recv) != 1 {
			return effGlobal, receiver{}
		}
		r = p.typeReceiver(c.t, recv[0].cast, false)
		if r.kind == recvUnknown {
			return effGlobal, receiver{}
		}
		return p.callEffect(c.t, r, self.name, arity), r
	}
	// Plain dotted names: resolve as a chain of fields.
	plain := true
	var names []string
	for _, seg := range recv {
		if seg.call {
			plain = false
			break
		}
		names = append(names, seg.name)
	}
	if plain {
		if recv[0].fresh { // string literal
			return effNone, receiver{}
		}
		if len(names) == 1 && names[0] == "Array" && c.locals["Array"] == "" && len(p.resolve(c.t, "Array")) == 0 &&
			c.p.fieldOf(c.t, "Array") == nil {
			// java.lang.reflect.Array
			switch {
			case self.name == "getLength":
				return effNone, receiver{}
			case self.name == "newInstance":
				return effNone, receiver{} // a fresh array
			case strings.HasPrefix(self.name, "get"):
				return effect{ret: retArgs}, receiver{} // an element of the array
			case strings.HasPrefix(self.name, "set"):
				return effect{mut: posOf(0), store: posOf(0) | posOf(2)}, receiver{} // (array, index, value)
			}
		}
		if len(names) == 2 && c.standardStream(names[0], names[1]) {
			if e, ok := p.printEffect(self.name); ok {
				return e, receiver{}
			}
		}
		if len(names) == 1 && names[0] == "System" && c.jdkSystem() {
			switch self.name {
			case "arraycopy":
				return effect{mut: posOf(2)}, receiver{} // (src, srcPos, dest, destPos, length) changes dest
			case "identityHashCode", "lineSeparator", "nanoTime", "currentTimeMillis":
				return effNone, receiver{}
			case "getProperty", "getenv":
				return effect{flags: effReads}, receiver{}
			case "getProperties":
				return effect{flags: effReads, ret: retShared}, receiver{} // the shared Properties
			}
		}
		if len(names) == 1 && (names[0] == "TimeZone" || names[0] == "Locale") && self.name == "getDefault" && !c.shadowed(names[0]) {
			// The default zone (a copy of it) or locale (immutable): reading shared state.
			return effect{flags: effReads}, receiver{}
		}
		r = c.localElems(p.resolveChain(c.t, c.locals, names), names)
		if r.kind == recvCollection && c.exactChain(names, recv[0].idx) {
			r.final = true // made by new of a JDK class: no project code behind it
		}
		if t := c.exactClass[names[0]]; t != nil && len(names) == 1 && r.kind == recvProject {
			r.types, r.exact = []*analysis.Type{t}, true
		}
		r.args = args
		return p.callEffect(c.t, r, self.name, arity), r
	}
	// Chains through call results: type the result of each call by its declared return type.
	cur := receiver{kind: recvUnqualified}
	for i, seg := range recv {
		if i > 0 && getsClass(seg) {
			cur = receiver{kind: recvValue, name: "Class"} // a Class, whatever the receiver
			continue
		}
		if i == 1 && seg.call && seg.name == "getProperties" && !recv[0].call && recv[0].name == "System" && c.jdkSystem() {
			cur = receiver{kind: recvCollection, name: "Properties"} // the system properties, shared by all
			continue
		}
		if i > 0 && cur.kind == recvUnknown {
			return effGlobal, receiver{}
		}
		switch {
		case i == 0 && seg.fresh:
			cur = p.typeReceiver(c.t, seg.name, false)
			if cur.kind == recvProject && len(cur.types) == 1 && exactKind(cur.types[0]) && !seg.qualified && !c.localClass {
				cur.exact = true // new C(…).m(…): no class body, so C's own m
			}
		case i == 0 && !seg.call:
			cur = c.localElems(p.resolveChain(c.t, c.locals, []string{seg.name}), []string{seg.name})
			if cur.kind == recvCollection && c.exactChain([]string{seg.name}, seg.idx) {
				cur.final = true // made by new of a JDK class: no project code behind it
			}
		case seg.madeStream:
			cur = receiver{kind: recvStream}
		case seg.call:
			cur = p.returnReceiver(c.t, cur, seg.name, -1)
		default:
			if cur.kind != recvProject && cur.kind != recvProjectStatic {
				return effGlobal, receiver{}
			}
			var next receiver
			for _, t := range cur.types {
				f := p.fieldOf(t, seg.name)
				if f == nil {
					return effGlobal, receiver{}
				}
				r := p.memberReceiver(t, f)
				next.kind = r.kind
				next.types = append(next.types, r.types...)
			}
			cur = next
		}
	}
	if cur.kind == recvUnknown {
		return effGlobal, receiver{}
	}
	return p.callEffect(c.t, cur, self.name, arity), cur
}

// nonNullRoot rewrites a chain rooted at Objects.requireNonNull(x, …) to one rooted at x:
// the call returns its argument (or throws), so what follows runs on x.
func (c *scanCtx) nonNullRoot(toks []analysis.Token, chain []segment) []segment {
	src := c.src
	q, call := chain[0], chain[1]
	if q.call || q.name != "Objects" || !call.call || call.name != "requireNonNull" || call.close < call.open+2 {
		return chain
	}
	x := call.open + 1
	if toks[x].Kind != analysis.TokIdent || !(toks[x+1].Is(src, ",") || x+1 == call.close) ||
		c.locals["Objects"] != "" || len(c.p.resolve(c.t, "Objects")) != 0 || c.p.fieldOf(c.t, "Objects") != nil {
		return chain
	}
	return append([]segment{{name: toks[x].Text(src), idx: x}}, chain[2:]...)
}

// localElems gives a collection receiver written as a local's name the type arguments the
// local was declared with.
func (c *scanCtx) localElems(r receiver, names []string) receiver {
	if r.kind != recvCollection && r.kind != recvFunction || len(names) != 1 {
		return r
	}
	if _, local := c.locals[names[0]]; local {
		r.elems, r.scope = c.args[names[0]], c.t
	}
	return r
}

// setArgs records the type arguments of local name's declared type.
func (c *scanCtx) setArgs(name string, args []string) {
	if c.args == nil {
		c.args = map[string][]string{}
	}
	c.args[name] = args
}

// getsClass reports whether a chain segment is a call of Object#getClass (final: it runs
// no code and returns a Class).
func getsClass(seg segment) bool {
	return seg.call && seg.name == "getClass" && seg.close == seg.open+1
}

// bigNumbers are the JDK's immutable arbitrary-precision numbers; freshArrays the methods
// of theirs that return a new array (divideAndRemainder, toByteArray) or an Optional.
var (
	bigNumbers  = map[string]bool{"BigInteger": true, "BigDecimal": true}
	freshArrays = map[string]bool{"divideAndRemainder": true, "sqrtAndRemainder": true, "toByteArray": true, "describeConstable": true}
)

// resultTypeArg are the JDK functional interfaces whose last type argument is the type of
// what running them returns.
var resultTypeArg = map[string]bool{"Function": true, "BiFunction": true, "Supplier": true, "Callable": true,
	"UnaryOperator": true, "BinaryOperator": true, "IntFunction": true, "LongFunction": true, "DoubleFunction": true}

// returnReceiver types the result of calling name on r: the common declared return type of
// every project method it may reach.
func (p *project) returnReceiver(from *analysis.Type, r receiver, name string, arity int) receiver {
	if (name == "toString" || name == "getClass") && arity <= 0 && r.kind != recvUnknown {
		typ := map[string]string{"toString": "String", "getClass": "Class"}[name]
		return receiver{kind: recvValue, name: typ} // x.toString() is a String and getClass() a Class, whatever x is
	}
	var cands []memberRef
	switch r.kind {
	case recvFunction:
		// Running a Function<A, R>, a Supplier<R>, a UnaryOperator<R>…: an R, as its type
		// arguments are written (a wildcard or a type variable says nothing).
		if functionTypes[r.name] != name || !resultTypeArg[r.name] || len(r.elems) == 0 {
			return receiver{}
		}
		last := r.elems[len(r.elems)-1]
		if last == "" || strings.ContainsAny(last, "?&") {
			return receiver{}
		}
		return p.typeReceiver(r.scope, last, false)
	case recvUnqualified:
		cands = p.methodsIn(from, name, arity)
	case recvProjectStatic:
		for _, t := range r.types {
			cands = append(cands, p.methodsOf(t, name, arity)...)
		}
	case recvProject:
		var ok bool
		if cands, ok = p.dispatch(r.types, name, arity); !ok {
			// An override the model cannot see returns what the method it overrides
			// declares, or a subtype of it: the declared types still bound the result.
			cands = nil
			for _, t := range r.types {
				cands = append(cands, p.methodsOf(t, name, arity)...)
			}
		}
	case recvPureStatic:
		if r.name == "Paths" && name == "get" || r.name == "Path" && name == "of" {
			return receiver{kind: recvPath}
		}
		switch name {
		case "valueOf", "format", "join", "toString", "hash", "hashCode", "compare", "toHexString", "abs",
			"parseInt", "parseLong", "parseDouble", "parseBoolean", "signum", "floor", "ceil", "round", "sqrt",
			"compile", "quote", "matches":
			return receiver{kind: recvValue}
		case "stream":
			return receiver{kind: recvStream} // Arrays.stream
		case "asList":
			if r.name == "Arrays" {
				// a fixed-size JDK list viewing the array: no project class stands behind it
				return receiver{kind: recvCollection, final: true, name: "List"}
			}
		case "of", "range", "rangeClosed", "concat", "empty", "iterate", "generate":
			if strings.HasSuffix(r.name, "Stream") {
				return receiver{kind: recvStream}
			}
		}
		return receiver{}
	case recvStream:
		switch {
		case sameElements[name]:
			return receiver{kind: recvStream, elems: r.elems, scope: r.scope, entries: r.entries} // the same elements
		case streamOps[name]:
			return receiver{kind: recvStream}
		case name == "findFirst" || name == "findAny" || name == "average":
			return receiver{kind: recvValue, name: "Optional"} // an Optional (OptionalDouble for average)
		case name == "count" || name == "sum" || name == "anyMatch" || name == "allMatch" || name == "noneMatch":
			return receiver{kind: recvValue} // a number or a boolean
		}
		return receiver{}
	case recvFile:
		switch name {
		case "getParentFile", "getAbsoluteFile", "getCanonicalFile":
			return receiver{kind: recvFile}
		case "getName", "getPath", "getAbsolutePath", "getCanonicalPath", "getParent", "toString", "exists",
			"isFile", "isDirectory", "length", "lastModified":
			return receiver{kind: recvValue} // a String, a boolean or a long
		case "toPath":
			return receiver{kind: recvPath}
		}
		return receiver{}
	case recvPath:
		switch {
		case name == "toFile":
			return receiver{kind: recvFile}
		case name == "toString":
			return receiver{kind: recvValue, name: "String"}
		case pathPaths[name]:
			return receiver{kind: recvPath}
		case pathNames[name]:
			return receiver{kind: recvValue} // a boolean or a number
		}
		return receiver{}
	case recvFiles:
		switch {
		case filesPaths[name]:
			return receiver{kind: recvPath}
		case name == "readString":
			return receiver{kind: recvValue, name: "String"}
		case filesValues[name]:
			return receiver{kind: recvValue} // a boolean, a number or a FileTime
		}
		return receiver{}
	case recvReflect:
		switch name {
		case "getDeclaringClass", "getType", "getReturnType":
			return receiver{kind: recvValue, name: "Class"}
		case "getName", "toString", "toGenericString", "getModifiers", "isAccessible", "getParameterCount":
			return receiver{kind: recvValue} // a String, an int or a boolean
		}
		return receiver{}
	case recvValue:
		if r.name == "Class" && arity <= 0 && (name == "getName" || name == "getSimpleName" || name == "getCanonicalName" || name == "getTypeName") {
			return receiver{kind: recvValue} // a String
		}
		if boxes[r.name] && name != "describeConstable" || r.name == "String" && primitiveResults[name] ||
			r.name == "Optional" && (name == "isPresent" || name == "isEmpty") {
			return receiver{kind: recvValue} // a.intValue(), s.length(): a primitive, a box or a String
		}
		if bigNumbers[r.name] && !freshArrays[name] {
			// BigInteger and BigDecimal are final and immutable: every other method gives a
			// number, a String or another immutable big number.
			if name == "toBigInteger" || name == "toBigIntegerExact" || name == "unscaledValue" {
				return receiver{kind: recvValue, name: "BigInteger"}
			}
			return receiver{kind: recvValue, name: r.name}
		}
		switch name {
		case "toString", "trim", "substring", "toUpperCase", "toLowerCase", "valueOf", "format", "replace", "strip":
			return receiver{kind: recvValue}
		case "matcher":
			return receiver{kind: recvCollection, final: true, name: "Matcher"} // Pattern#matcher: a fresh Matcher
		}
		return receiver{}
	case recvCollection:
		switch name {
		case "size", "isEmpty", "contains", "containsKey", "containsValue", "indexOf", "lastIndexOf", "length", "getProperty":
			return receiver{kind: recvValue} // fixed by the JDK type, overrides included
		case "append", "insert", "reverse", "delete", "deleteCharAt":
			return receiver{kind: recvCollection, final: r.final, name: r.name} // builders return themselves

		case "stream":
			if !r.final && p.collectionOverrides(r.name) {
				return receiver{}
			}
			return receiver{kind: recvStream, elems: r.elems, scope: r.scope, entries: r.entries}
		case "keySet", "values", "entrySet":
			// A JDK map's views are JDK collections of its keys, its values, or entries
			// of both (hashing or printing an entry runs its key's and value's callbacks).
			if !mapTypes[r.name] || !r.final && p.collectionOverrides(r.name) {
				return receiver{}
			}
			view := receiver{kind: recvCollection, final: true, name: "Set", scope: r.scope, entries: name == "entrySet"}
			if len(r.elems) == 2 {
				view.elems = map[string][]string{"keySet": r.elems[:1], "values": r.elems[1:], "entrySet": r.elems}[name]
			}
			if name == "values" {
				view.name = "Collection"
			}
			return view
		}
		return receiver{}
	default:
		return receiver{}
	}
	if len(cands) == 0 {
		return receiver{}
	}
	if sameReturnType(cands) && !p.typeVariable(cands[0], analysis.EraseType(cands[0].m.ReturnType)) {
		return p.memberReceiver(cands[0].t, cands[0].m)
	}
	// Overrides may narrow the return type (covariant returns) and generic supertypes
	// declare it as a type variable: type the call as Java does, by the most specific
	// declarations visible from the receiver's type (the caller's for an unqualified call),
	// their type variables bound as that type binds them. Every override of those returns
	// a subtype, which dispatch on the result covers.
	seenFrom := r.types
	switch r.kind {
	case recvUnqualified:
		seenFrom = []*analysis.Type{from}
	case recvProject, recvProjectStatic:
	default:
		return receiver{}
	}
	var typed receiver
	ret := ""
	for _, t := range seenFrom {
		methods := p.methodsOf(t, name, arity)
		if r.kind == recvUnqualified {
			methods = p.methodsIn(t, name, arity)
		}
		for _, d := range p.dropOverridden(methods) {
			name, scope := p.boundName(t, d.t, d.m.ReturnType)
			if d.m.ReturnType == "" || hasTypeParam(d.m.TypeParams, d.m.ReturnType) || ret != "" && name != ret {
				return receiver{}
			}
			if ret == "" {
				ret, typed = name, p.typeReceiver(scope, name, false)
			}
		}
	}
	return typed
}

// resultReceiver types the result of the call seg on r: a JDK stream for a call marked
// madeStream, else by the declared return types (see returnReceiver).
func (c *scanCtx) resultReceiver(r receiver, seg segment, arity int) receiver {
	if seg.madeStream {
		return receiver{kind: recvStream}
	}
	return c.p.returnReceiver(c.t, r, seg.name, arity)
}

// markMadeStream marks the call a chain starts with (m(…) or T.m(…)) when it returns a JDK
// stream made in place (madeJDKStreamCall): what the chain calls on it runs on the JDK's
// stream.
func (c *scanCtx) markMadeStream(toks []analysis.Token, chain []segment) {
	k := 0
	if len(chain) > 2 && !chain[0].call && chain[1].call && isTypeName(chain[0].name) {
		k = 1
	}
	if len(chain) < k+2 || !chain[k].call || chain[0].fresh || chain[0].cast != "" {
		return
	}
	chain[k].madeStream = c.madeJDKStreamCall(toks, chain[0].idx, chain[k].close+1)
}

// madeJDKStreamCall reports whether toks[from:to] is one call whose every target (see
// callTargets) returns only JDK streams it made (effect.madeJDK): a stream holding no
// project code.
func (c *scanCtx) madeJDKStreamCall(toks []analysis.Token, from, to int) bool {
	targets, ok := c.callTargets(toks, from, to)
	return ok && !slices.ContainsFunc(targets, func(r memberRef) bool {
		return !jdkStreamTypes[simpleName(analysis.EraseType(r.m.ReturnType))] || !c.p.memberEffect(r).madeJDK
	})
}

// sameReturnType says whether every candidate declares the same return type.
func sameReturnType(cands []memberRef) bool {
	for _, c := range cands[1:] {
		if c.m.ReturnType != cands[0].m.ReturnType {
			return false
		}
	}
	return true
}

// dropOverridden leaves out every candidate that another candidate overrides: one declared
// in a subtype of its type whose parameter types are its own with the type variables bound
// as the subtype binds them (Dfp#divide(Dfp) overrides FieldElement<T>#divide(T) when Dfp
// implements FieldElement<Dfp>).
func (p *project) dropOverridden(cands []memberRef) []memberRef {
	var out []memberRef
	for i, c := range cands {
		overridden := false
		for j, d := range cands {
			if i != j && d.t != c.t && p.overrides(d, c) {
				overridden = true
				break
			}
		}
		if !overridden {
			out = append(out, c)
		}
	}
	return out
}

// overrides says whether method d overrides method c: d's type is a subtype of c's and
// their parameters match once c's type variables are bound as d's type binds them.
func (p *project) overrides(d, c memberRef) bool {
	if len(d.m.Params) != len(c.m.Params) || !slices.Contains(p.supertypes(d.t), c.t) {
		return false
	}
	for i, param := range c.m.Params {
		if hasTypeParam(c.m.TypeParams, param) {
			return false
		}
		if name, _ := p.boundName(d.t, c.t, param); name != d.m.Params[i] {
			return false
		}
	}
	return true
}

// boundName returns what type name typ, written in super, means in its subtype sub: a type
// variable of super is replaced by the argument sub's supertype chain binds it to (with the
// type whose text wrote it, to resolve the name in), anything else is typ itself in
// super. A type variable left unbound (a raw supertype, one of sub's own variables) stays
// as it is, and resolves to no type.
func (p *project) boundName(sub, super *analysis.Type, typ string) (string, *analysis.Type) {
	if sub == super || !hasTypeParam(super.TypeParams, typ) {
		return typ, super
	}
	type bound struct {
		name  string
		scope *analysis.Type
	}
	var walk func(t *analysis.Type, env map[string]bound, depth int) (bound, bool)
	walk = func(t *analysis.Type, env map[string]bound, depth int) (bound, bool) {
		if t == super {
			b, ok := env[typ]
			return b, ok
		}
		if depth > 8 {
			return bound{}, false
		}
		for i, n := range t.SupertypeNames() {
			for _, st := range p.resolve(t, analysis.EraseType(n)) {
				if i >= len(t.SuperArgs) || len(t.SuperArgs[i]) != len(st.TypeParams) {
					continue // raw: nothing is bound
				}
				next := map[string]bound{}
				for j, tp := range st.TypeParams {
					a := bound{t.SuperArgs[i][j], t}
					if b, ok := env[a.name]; ok && hasTypeParam(t.TypeParams, a.name) {
						a = b
					}
					next[tp.Name] = a
				}
				if b, ok := walk(st, next, depth+1); ok {
					return b, true
				}
			}
		}
		return bound{}, false
	}
	if b, ok := walk(sub, map[string]bound{}, 0); ok && b.name != "" {
		return b.name, b.scope
	}
	return typ, super
}

// argGroups returns, per argument of the call whose parentheses are (open, close), the keys
// of the root names in it.
func (c *scanCtx) argGroups(toks []analysis.Token, open, close int, inner map[string]bool) [][]string {
	if close <= open+1 {
		return nil
	}
	spans, ok := c.argSpans(toks, open, close)
	if !ok {
		// Generic commas or odd syntax: every argument may be any of them.
		all := c.argKeys(toks, open, close, inner)
		out := make([][]string, countArgs(c.src, toks, open, close))
		for i := range out {
			out[i] = all
		}
		return out
	}
	out := make([][]string, 0, len(spans))
	for _, sp := range spans {
		if sp[1]-sp[0] >= 3 && toks[sp[0]].Kind == analysis.TokIdent && toks[sp[1]-1].Is(c.src, ")") &&
			c.flowKeys(toks, sp[0], sp[1], inner) == nil {
			out = append(out, nil) // a call making a fresh object or a value: no one else holds it
			continue
		}
		var g []string
		seen := map[string]bool{}
		for j := sp[0]; j < sp[1] && j < len(toks); j++ {
			if k := c.rootKey(toks, j, inner); k != "" && !seen[k] {
				seen[k] = true
				g = append(g, k)
			}
		}
		if !seen["this"] && c.makesInnerIn(toks, sp[0], sp[1]) {
			g = append(g, "this")
		}
		out = append(out, g)
	}
	return out
}

// argSpans splits the arguments between open and close into token ranges [start, end);
// false when the split does not match the argument count (generic commas, odd syntax).
func (c *scanCtx) argSpans(toks []analysis.Token, open, close int) ([][2]int, bool) {
	if close <= open+1 {
		return nil, true
	}
	src := c.src
	var out [][2]int
	start, depth := open+1, 0
	for j := open + 1; j < close && j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case toks[j].Is(src, "<") && depth == 0 && j > open+1 && toks[j-1].Is(src, "new"):
		case toks[j].Is(src, ",") && depth == 0 && !c.genericComma(toks, open, j):
			out = append(out, [2]int{start, j})
			start = j + 1
		}
	}
	out = append(out, [2]int{start, close})
	return out, len(out) == countArgs(src, toks, open, close)
}

// valueArg reports whether the argument toks[from:to] is a value of a final JDK type: only
// values (see valuesOnly), a string concatenation, or a call returning one (x.toString(),
// String.valueOf(…), System.getProperty(…), a project method declared to return String).
func (c *scanCtx) valueArg(toks []analysis.Token, from, to int) bool {
	src := c.src
	if c.valuesOnly(toks, from-1, to) || stringConcat(src, toks, from, to) {
		return true
	}
	name, o, ok := c.endingCall(toks, from, to)
	if !ok {
		return false
	}
	method := toks[name].Text(src)
	if name == from+2 && toks[from+1].Is(src, ".") && stringStatics[toks[from].Text(src)+"."+method] &&
		len(c.p.resolve(c.t, toks[from].Text(src))) == 0 {
		return true
	}
	st := c.callSite(toks, name, map[string]bool{})
	if st.chain[0].idx != from {
		return false // the call ends a longer expression (flag ? cs : s.toString())
	}
	if method == "toString" && o+1 == to-1 {
		return true // x.toString(), whatever x is: the result is a String
	}
	return c.chainType(st.chain).kind == recvValue
}

// stringStatics are JDK static methods returning a String.
var stringStatics = map[string]bool{
	"System.getProperty": true, "System.lineSeparator": true, "System.getenv": true, "String.valueOf": true,
	"String.format": true, "String.join": true, "Integer.toString": true, "Long.toString": true,
	"Integer.toHexString": true, "Long.toHexString": true, "Double.toString": true, "Boolean.toString": true,
	"Character.toString": true, "Objects.toString": true, "Arrays.toString": true,
}

// argTypes gives, per argument of the call between open and close, the declared type of an
// argument that is a plain local variable or parameter declared once ("" for any other):
// what rules out overloads (see compatibleArgs). Nil when the arguments cannot be split.
func (c *scanCtx) argTypes(toks []analysis.Token, open, close int) []string {
	spans, ok := c.argSpans(toks, open, close)
	if !ok || len(spans) == 0 || c.nestedClass {
		return nil // a nested class's parameters and locals may hide the names read here
	}
	out := make([]string, len(spans))
	for i, sp := range spans {
		if c.lambdaArg(toks, open, close, i) || c.methodRefArg(toks, open, close, i) {
			out[i] = functionArg
			continue
		}
		if sp[1]-sp[0] == 3 {
			out[i] = c.staticFieldType(toks, sp[0])
			if c.arrayLength(toks, sp[0]) {
				out[i] = "int"
			}
			continue
		}
		if sp[1]-sp[0] > 1 {
			out[i] = c.callResultType(toks, sp[0], sp[1])
			continue
		}
		if toks[sp[0]].Kind != analysis.TokIdent {
			continue
		}
		name := toks[sp[0]].Text(c.src)
		if typ, ok := c.locals[name]; ok && (c.decls == nil || c.decls[name] == 1) {
			out[i] = analysis.EraseType(typ)
		}
	}
	return out
}

// runArgEffect is what running argument i of the call at s does when the argument is an
// object of a project class (a BigMoney handed to print(BigMoneyProvider)), not a lambda:
// every parameter the callee may take it as is a functional interface, a JDK one or the
// project's, so what runs is that interface's method as the object's class dispatches it.
// ok is false when the callee, its parameter's interface or the object's class cannot be
// told, or the object's class is an interface a lambda may implement.
func (c *scanCtx) runArgEffect(toks []analysis.Token, s *site, i int) (effect, bool) {
	self := s.self()
	types := c.argTypes(toks, self.open, self.close)
	if i >= len(types) {
		return effNone, false
	}
	typ := types[i]
	if from, to, ok := c.argSpan(toks, self.open, self.close, i); ok && typ == "" && to == from+1 && toks[from].Kind == analysis.TokIdent {
		if _, local := c.locals[toks[from].Text(c.src)]; !local {
			typ = analysis.EraseType(c.fields[toks[from].Text(c.src)]) // a field named alone
		}
	}
	objects := c.p.resolve(c.t, typ)
	if typ == "" || typ == functionArg || len(objects) == 0 {
		return effNone, false
	}
	var cands []memberRef
	switch root := s.chain[0]; {
	case len(s.chain) == 1 || len(s.chain) == 2 && !root.call && c.locals[root.name] == "" && c.fields[root.name] == "":
		var ok bool
		if cands, _, ok = c.calledProjectMethods(toks, root.idx, self.close+1); !ok {
			return effNone, false
		}
	case len(s.chain) == 2 && !root.call && !root.fresh && root.cast == "":
		recvType := c.locals[root.name]
		if recvType == "" {
			recvType = c.fields[root.name]
		}
		recv := c.p.resolve(c.t, recvType)
		var ok bool
		if cands, ok = c.p.dispatch(recv, self.name, len(types)); len(recv) == 0 || !ok {
			return effNone, false
		}
		cands = c.p.applicable(cands, types)
	default:
		return effNone, false
	}
	if len(cands) == 0 {
		return effNone, false
	}
	e := effNone
	for _, r := range cands {
		if i >= len(r.m.Params) || r.m.Varargs && i == len(r.m.Params)-1 {
			return effNone, false
		}
		sam, ok := functionTypes[simpleName(analysis.EraseType(r.m.Params[i]))]
		if !ok {
			params := c.p.resolve(r.t, r.m.Params[i])
			if len(params) != 1 {
				return effNone, false
			}
			if sam, ok = c.p.functionalMethod(params[0]); !ok {
				return effNone, false
			}
		}
		runs, ok := c.p.dispatch(objects, sam, -1)
		if !ok || len(runs) == 0 {
			return effNone, false
		}
		e = e.or(c.p.join(runs))
	}
	return e, true
}

// arrayLength reports whether toks[at:at+3] reads the length of an array local (xs.length).
func (c *scanCtx) arrayLength(toks []analysis.Token, at int) bool {
	name := toks[at].Text(c.src)
	typ, ok := c.locals[name]
	return ok && (c.decls == nil || c.decls[name] == 1) && strings.HasSuffix(analysis.EraseType(typ), "[]") &&
		toks[at+1].Is(c.src, ".") && toks[at+2].Is(c.src, "length")
}

// functionArg is the type argTypes gives a lambda or method reference argument: a value no
// primitive or array parameter takes.
const functionArg = "->"

// staticFieldType is the declared type of the static field read by toks[at:at+3] when it
// is written Type.FIELD with Type one project class (ArrayUtils.EMPTY_TYPE_ARRAY is a
// Type[], so getIfNull(bounds, ArrayUtils.EMPTY_TYPE_ARRAY) is not getIfNull(T,
// Supplier)). "" otherwise.
func (c *scanCtx) staticFieldType(toks []analysis.Token, at int) string {
	owner, field := toks[at].Text(c.src), toks[at+2].Text(c.src)
	if toks[at].Kind != analysis.TokIdent || !toks[at+1].Is(c.src, ".") || toks[at+2].Kind != analysis.TokIdent || !isTypeName(owner) {
		return ""
	}
	if _, local := c.locals[owner]; local || c.p.fieldOf(c.t, owner) != nil {
		return "" // a variable named like a type
	}
	types := c.p.resolve(c.t, owner)
	if len(types) != 1 {
		return ""
	}
	f := c.p.fieldOf(types[0], field)
	if f == nil || !f.Static() {
		return ""
	}
	return analysis.EraseType(f.ReturnType)
}

// callResultType is the declared result type of the project method call toks[from:to]
// (see calledProjectMethods) when every candidate declares the same primitive, primitive
// array or final JDK value type: clone(indices) with indices an int[] is an int[], so
// ArraySorter.sort(clone(indices)) is not sort(T[]). "" otherwise.
func (c *scanCtx) callResultType(toks []analysis.Token, from, to int) string {
	if c.typing >= 2 {
		return "" // typing an argument resolves its call, whose arguments are typed in turn
	}
	c.typing++
	cands, _, ok := c.calledProjectMethods(toks, from, to)
	c.typing--
	if !ok {
		return ""
	}
	typ := analysis.EraseType(cands[0].m.ReturnType)
	for _, r := range cands {
		if analysis.EraseType(r.m.ReturnType) != typ {
			return ""
		}
	}
	if elem := strings.TrimRight(typ, "[]"); !primitive[elem] && !immutableType(elem) {
		return ""
	}
	return typ
}

// methodHead reports whether the name at toks[i], followed by parentheses, declares a
// method rather than calling one: a return type (a name, a primitive, type arguments or an
// array) stands before it, and a body or a throws clause follows.
func methodHead(src []byte, toks []analysis.Token, i int) bool {
	cl := matchClose(src, toks, i+1)
	if i == 0 || cl+1 >= len(toks) || !(toks[cl+1].Is(src, "{") || toks[cl+1].Is(src, "throws")) {
		return false
	}
	prev := toks[i-1]
	return prev.Kind == analysis.TokIdent && !prev.Is(src, "while") || prev.Is(src, ">") || prev.Is(src, "]") ||
		prev.Kind == analysis.TokKeyword && (primitive[prev.Text(src)] || prev.Is(src, "void"))
}

// nestedClass reports whether toks declare a local class or an anonymous class body.
func nestedClass(src []byte, toks []analysis.Token) bool {
	for i, t := range toks {
		if t.Is(src, "class") && (i == 0 || !toks[i-1].Is(src, ".")) {
			return true // a local class (Foo.class is a literal)
		}
		if !t.Is(src, "new") {
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].Is(src, "(") && !toks[j].Is(src, "[") && !toks[j].Is(src, "{") && !toks[j].Is(src, ";") {
			j++
		}
		if j < len(toks) && toks[j].Is(src, "(") {
			if cl := matchClose(src, toks, j); cl > 0 && cl+1 < len(toks) && toks[cl+1].Is(src, "{") {
				return true
			}
		}
	}
	return false
}

// argSpan is the token range [from, to) of argument i of the call between open and close.
func (c *scanCtx) argSpan(toks []analysis.Token, open, close, i int) (from, to int, ok bool) {
	spans, ok := c.argSpans(toks, open, close)
	if !ok || i >= len(spans) {
		return 0, 0, false
	}
	return spans[i][0], spans[i][1], true
}

// valueArrayArg reports whether the argument toks[from:to] is an array of values: a
// local, parameter or field declared as one (int[] xs, String[] names), or a call of a
// project method whose every candidate taking these arguments is declared to return one
// (ArrayUtils.subarray(xs, 0, 4) with xs a double[]). An array's own methods are
// Object's and its elements are primitives or final JDK values, so no project code, proxy
// or function stands behind it. Not a value: the array may change.
func (c *scanCtx) valueArrayArg(toks []analysis.Token, from, to int) bool {
	src := c.src
	if c.valueArrayCreation(toks, from, to) {
		return true
	}
	if to-from == 1 && toks[from].Kind == analysis.TokIdent {
		name := toks[from].Text(src)
		if typ, ok := c.locals[name]; ok {
			return valueArrayType(typ)
		}
		typ, ok := c.fields[name]
		return ok && valueArrayType(typ)
	}
	cands, _, ok := c.calledProjectMethods(toks, from, to)
	return ok && !slices.ContainsFunc(cands, func(r memberRef) bool { return !valueArrayType(r.m.ReturnType) })
}

// calledProjectMethods returns the project methods toks[from:to] may call when it is one
// call, unqualified or on a project type's name (m(…), T.m(…)), of a method taking these
// arguments: the candidates and whether the call is static. ok is false for anything else
// (a call ending a longer expression, on an object, or with no candidate).
func (c *scanCtx) calledProjectMethods(toks []analysis.Token, from, to int) (cands []memberRef, static, ok bool) {
	src := c.src
	name, open, ok := c.endingCall(toks, from, to)
	if !ok {
		return nil, false, false
	}
	st := c.callSite(toks, name, map[string]bool{})
	if st.chain[0].idx != from || len(st.chain) > 2 || st.chain[0].fresh || st.chain[0].cast != "" {
		return nil, false, false // the call ends a longer expression, or runs on an object
	}
	from0 := c.t
	if len(st.chain) == 2 {
		q := st.chain[0].name
		if _, local := c.locals[q]; local || c.fields[q] != "" {
			return nil, false, false
		}
		ts := c.p.resolve(c.t, q)
		if len(ts) != 1 {
			return nil, false, false
		}
		from0 = ts[0]
	}
	spans, ok := c.argSpans(toks, open, st.self().close)
	if !ok {
		return nil, false, false
	}
	methods := c.p.methodsIn(from0, toks[name].Text(src), len(spans)) // written unqualified
	if len(st.chain) == 2 {
		methods = c.p.methodsOf(from0, toks[name].Text(src), len(spans))
	}
	cands = c.p.applicable(methods, c.argTypes(toks, open, st.self().close))
	if len(cands) == 0 || len(st.chain) == 2 && slices.ContainsFunc(cands, func(r memberRef) bool { return !r.m.Static() }) {
		return nil, false, false
	}
	return cands, len(st.chain) == 2, true
}

// valueArrayType reports whether typ is an array (of any dimension) of primitives or
// final JDK values.
func valueArrayType(typ string) bool {
	t := analysis.EraseType(typ)
	elem := strings.TrimRight(t, "[]")
	return elem != t && (primitive[elem] || immutableType(elem))
}

// endingCall finds the call that ends toks[from:to] ("name(…)" as its last tokens): the
// indexes of its name and of its "(".
func (c *scanCtx) endingCall(toks []analysis.Token, from, to int) (name, open int, ok bool) {
	if to-from < 3 || !toks[to-1].Is(c.src, ")") {
		return 0, 0, false
	}
	open = matchOpen(c.src, toks, to-1)
	name = open - 1
	if name < from || toks[name].Kind != analysis.TokIdent {
		return 0, 0, false
	}
	return name, open, true
}

// dispatchKeys resolves a call that runs the own methods of objects typed as JDK
// interfaces (effDispatch for its receiver, effect.disp for its positions): an argument
// that is a value of a final JDK type (a string literal, a String local, a constant) runs
// only JDK code; in a body, a receiver or argument written as a local variable or parameter
// is handed on to the summary (facts.dispatches). false when some object is neither.
func (c *scanCtx) dispatchKeys(toks []analysis.Token, s *site) ([]string, bool) {
	var keys []string
	simple := func(from, to int) string {
		if !c.body || to-from != 1 || toks[from].Kind != analysis.TokIdent {
			return ""
		}
		if _, ok := c.locals[toks[from].Text(c.src)]; ok {
			return toks[from].Text(c.src)
		}
		return ""
	}
	if s.effect.flags&effDispatch != 0 || s.effect.disp&1 != 0 {
		root := s.chain[0]
		if len(s.chain) != 2 || root.call || root.fresh {
			return nil, false
		}
		k := simple(root.idx, root.idx+1)
		if k == "" {
			return nil, false
		}
		keys = append(keys, k)
	}
	if s.effect.disp&^1 == 0 {
		return keys, true
	}
	self := s.self()
	spans, ok := c.argSpans(toks, self.open, self.close)
	if !ok {
		return nil, false
	}
	for i, sp := range spans {
		if s.effect.disp&posOf(i) == 0 || c.valueArg(toks, sp[0], sp[1]) || c.valueArrayArg(toks, sp[0], sp[1]) {
			continue
		}
		k := simple(sp[0], sp[1])
		if k == "" {
			return nil, false
		}
		if c.exact[k] {
			continue // a JDK collection made in place runs JDK code
		}
		keys = append(keys, k)
	}
	return keys, true
}

// genericComma reports whether the comma at j separates type arguments (new X<A, B>()).
func (c *scanCtx) genericComma(toks []analysis.Token, open, j int) bool {
	d := 0
	for k := j - 1; k > open; k-- {
		switch {
		case toks[k].Is(c.src, ">"):
			d++
		case toks[k].Is(c.src, "<"):
			if d == 0 {
				return true
			}
			d--
		case !(toks[k].Kind == analysis.TokIdent || toks[k].Is(c.src, ",") || toks[k].Is(c.src, ".") || toks[k].Is(c.src, "?")):
			return false
		}
	}
	return false
}

// receiverKeys returns the keys of the object a call runs on: its root key; the test object
// (shared state) or, in a body, this for unqualified calls; shared state for receivers
// reached through call results; and for a fresh receiver (new X(a).m()) whatever its
// constructor arguments were.
func (c *scanCtx) receiverKeys(toks []analysis.Token, s *site, inner map[string]bool) []string {
	if throughCalls(s.chain) {
		return c.chainKeys(toks, s, inner)
	}
	if s.recvKey != "" {
		return []string{s.recvKey}
	}
	root := s.chain[0]
	switch {
	case len(s.chain) == 1 && root.fresh && s.holdsThis:
		return []string{"this"} // new Inner(): its enclosing object is this
	case len(s.chain) == 1 && root.fresh:
		return nil // a constructor: the new object
	case len(s.chain) == 1:
		if c.body {
			return []string{"this"}
		}
		return []string{heapKey}
	case root.fresh && root.call:
		keys := c.argKeys(toks, root.open, root.close, inner)
		if c.makesInnerIn(toks, root.idx, root.idx+1) {
			keys = append(keys, "this") // new Inner().bump(): the enclosing object
		}
		return keys
	case root.fresh:
		return nil // a string literal
	}
	return []string{heapKey}
}

// exactLocals returns the locals of a body (its tokens and declared locals, the first
// params of them its parameters) typed as a JDK collection or builder whose every value
// is made in place by "new T(…)" of a JDK class: no project code can stand behind them.
func (c *scanCtx) exactLocals(toks []analysis.Token, locals []analysis.LocalVar, params int) map[string]bool {
	made := c.madeInPlace(toks, locals, params,
		func(l analysis.LocalVar) bool { return collectionTypes[simpleName(l.Type)] },
		func(from, to int) string {
			if c.freshJDK(toks, from, to) || c.madeJDKCall(toks, from, to) {
				return "JDK"
			}
			return ""
		})
	if len(made) == 0 {
		return nil
	}
	out := make(map[string]bool, len(made))
	for name := range made {
		out[name] = true
	}
	return out
}

// exactClasses returns the locals of a body that only ever hold instances of exactly one
// project class, made in place by "new C(…)" without a class body: a call on them runs C's
// own methods (or those C inherits), never an override in a subclass of C. None in a body
// declaring a local class, whose name may hide a project class's.
func (c *scanCtx) exactClasses(toks []analysis.Token, locals []analysis.LocalVar, params int) map[string]*analysis.Type {
	if c.localClass {
		return nil
	}
	made := c.madeInPlace(toks, locals, params,
		func(l analysis.LocalVar) bool {
			return !collectionTypes[simpleName(l.Type)] && !valueTypes[simpleName(l.Type)]
		},
		func(from, to int) string {
			if t := c.newProjectClass(toks, from, to); t != nil {
				return t.ID
			}
			return ""
		})
	if len(made) == 0 {
		return nil
	}
	out := make(map[string]*analysis.Type, len(made))
	for name, id := range made {
		if t := c.p.snap.Type(id); t != nil {
			out[name] = t
		}
	}
	return out
}

// newProjectClass returns the project class toks[from:to] makes when it is exactly
// "new C(…)" or "new C<…>(…)" with C an unqualified name of one project class and no class
// body; nil otherwise.
func (c *scanCtx) newProjectClass(toks []analysis.Token, from, to int) *analysis.Type {
	src := c.src
	if to-from < 4 || !toks[from].Is(src, "new") || toks[from+1].Kind != analysis.TokIdent {
		return nil
	}
	open := skipTypeArgs(src, toks, from+2, to)
	if open >= to || !toks[open].Is(src, "(") || matchClose(src, toks, open) != to-1 {
		return nil
	}
	ts := c.p.resolve(c.t, toks[from+1].Text(src))
	if len(ts) != 1 || !exactKind(ts[0]) {
		return nil
	}
	return ts[0]
}

// declaresLocalClass reports whether toks declare a local class, record, enum or interface
// (Foo.class is a literal).
func declaresLocalClass(src []byte, toks []analysis.Token) bool {
	for i, t := range toks {
		if (t.Is(src, "class") || t.Is(src, "record") || t.Is(src, "enum") || t.Is(src, "interface")) &&
			(i == 0 || !toks[i-1].Is(src, ".")) && i+1 < len(toks) && toks[i+1].Kind == analysis.TokIdent {
			return true
		}
	}
	return false
}

// exactKind reports whether new of t without a class body makes an instance of t itself.
func exactKind(t *analysis.Type) bool { return t.Kind == "class" || t.Kind == "record" }

// madeInPlace returns, for the locals of a body that cand accepts, what made returns for
// every value assigned to them (made(from, to) names what the expression toks[from:to]
// makes, "" when it cannot tell): the locals whose every value is made alike. A name
// declared twice, or bound other than by "=" (a parameter, a for-each, lambda or catch
// variable, a pattern), is left out.
func (c *scanCtx) madeInPlace(toks []analysis.Token, locals []analysis.LocalVar, params int,
	cand func(analysis.LocalVar) bool, made func(from, to int) string) map[string]string {
	src := c.src
	decls := map[string]int{}
	for i, l := range locals {
		decls[l.Name]++
		if i < params {
			decls[l.Name]++ // bound by the caller
		}
	}
	ok := map[string]string{}
	for _, l := range locals {
		if decls[l.Name] == 1 && cand(l) {
			ok[l.Name] = "" // no value seen yet
		}
	}
	if len(ok) == 0 {
		return nil
	}
	for _, fe := range forEachVars(src, toks) {
		delete(ok, fe.name)
	}
	for _, lp := range lambdaParamsIn(src, toks) {
		for _, n := range lp.names {
			delete(ok, n)
		}
	}
	for i, tok := range toks {
		if tok.Is(src, "instanceof") || tok.Is(src, "case") {
			for j := i + 1; j < len(toks) && j < i+8 && !toks[j].Is(src, ")") && !toks[j].Is(src, "->"); j++ {
				delete(ok, toks[j].Text(src)) // a pattern variable
			}
		}
		if tok.Is(src, "catch") && i+1 < len(toks) && toks[i+1].Is(src, "(") {
			if cl := matchClose(src, toks, i+1); cl > 0 {
				delete(ok, toks[cl-1].Text(src)) // bound to what was thrown
			}
		}
	}
	for _, a := range assignments(src, toks) {
		name := a.target[0]
		if _, cand := ok[name]; !cand || len(a.target) != 1 || a.indexed {
			continue
		}
		k := ""
		if a.rhsStart < a.rhsEnd {
			k = made(a.rhsStart, a.rhsEnd)
		}
		if k == "" || ok[name] != "" && ok[name] != k {
			delete(ok, name)
			continue
		}
		ok[name] = k
	}
	for name, k := range ok {
		if k == "" {
			delete(ok, name)
		}
	}
	return ok
}

// throughCalls reports whether the receiver of a call chain is the result of another call
// (a.b().c(), m().c()), not a name or a new object.
func throughCalls(chain []segment) bool {
	for i, seg := range chain[:len(chain)-1] {
		if seg.call && !(i == 0 && seg.fresh) {
			return true
		}
	}
	return false
}

// methodRefSite reads the method reference "Q::m" (or "T::new") whose "::" is at toks[i] as
// a call made where it is written, as lambdas are: its effect when it runs. A reference
// bound to a local may change that object; any other change, or a qualifier it cannot
// follow, may change anything the statement names.
func (c *scanCtx) methodRefSite(toks []analysis.Token, i int, inner map[string]bool) *site {
	src := c.src
	name := toks[i+1].Text(src)
	global := &site{chain: []segment{{name: name, idx: i + 1, call: true, open: -1, close: -1}}, effect: effGlobal,
		recvInner: true, heapResult: true}
	global.effect.why = "unknown effect of method reference ::" + name
	if start := refQualifierStart(src, toks, i); start >= 0 && c.entryPart(toks, start, i+2) {
		// Map.Entry::getKey: a JDK entry's, or a project class implementing Map.Entry.
		e := effNone // the JDK's entries of a JDK map only read
		if !c.collectsEntries(toks, start) {
			var ok bool
			e, ok = c.p.projectImplementations("Entry", name, 0)
			if !ok || e.writes() || e.runs != 0 || e.disp != 0 || e.flags&effDispatch != 0 || e.ret&retShared != 0 {
				return global
			}
		}
		return &site{chain: []segment{{name: "Entry", idx: i - 1}, {name: name, idx: i + 1, call: true, open: -1, close: -1}}, effect: e}
	}
	if i == 0 || toks[i-1].Kind != analysis.TokIdent && !toks[i-1].Is(src, "this") ||
		i >= 2 && toks[i-2].Is(src, ".") {
		return global // an expression or a qualified name
	}
	q := toks[i-1].Text(src)
	chain := []segment{{name: q, idx: i - 1}, {name: name, idx: i + 1, call: true, open: -1, close: -1}}
	var e effect
	switch {
	case name == "new" && c.makesInner(q):
		return global // Inner::new: each object it makes holds an enclosing one
	case name == "new":
		arity := -1
		if k := enclosingCall(src, toks, i-1); k >= 2 && toks[k].Is(src, "withInitial") && toks[k-2].Is(src, "ThreadLocal") && !c.shadowed("ThreadLocal") {
			arity = 0 // ThreadLocal.withInitial(HashSet::new): a Supplier
		}
		e = c.p.ctorEffect(c.t, q, arity, false)
	case c.finalJDKQualifier(q) && (valueCalls[name] || name == "getName"):
		e = effNone // Method::toString, String::hashCode: JDK code on a final JDK class
	default:
		e = c.effectOf(chain, -1)
	}
	if e.flags&effCallbacks != 0 {
		// It runs on arguments no one here can type: any project callback may run.
		e.flags &^= effCallbacks
		e = e.or(c.p.callbackEffect())
	}
	s := &site{chain: chain, effect: e, recvInner: true}
	key := c.rootKey(toks, i-1, inner)
	if _, local := c.locals[q]; local && key != "" && e.mut&^1 == 0 && e.store == 0 && e.leak == 0 && e.flags&(effWrites|effDispatch) == 0 && e.runs == 0 && e.disp == 0 {
		s.recvInner, s.recvKey = false, key // list::add changes list only
		return s
	}
	if e.writes() || e.runs != 0 || e.disp != 0 || e.flags&effDispatch != 0 || e.ret&retShared != 0 {
		return global // runs later, on objects no one here can tell
	}
	s.recvInner = false
	return s
}

// jdkSystem reports whether the name System means java.lang.System here.
func (c *scanCtx) jdkSystem() bool {
	return c.locals["System"] == "" && len(c.p.resolve(c.t, "System")) == 0
}

// finalJDKQualifier reports whether q, the qualifier of a method reference, names a final
// JDK class (a value type or a reflection object) and no local, field or project type.
func (c *scanCtx) finalJDKQualifier(q string) bool {
	if c.shadowed(q) {
		return false
	}
	return immutableType(q) || reflectionObjects[q]
}

// reflectionObjects are the final classes of java.lang.reflect.
var reflectionObjects = map[string]bool{"Method": true, "Field": true, "Constructor": true, "Parameter": true}

// builderSelf are the methods of JDK builders (StringBuilder, StringWriter…) that return
// the builder itself.
var builderSelf = map[string]bool{"append": true, "insert": true, "reverse": true, "delete": true, "deleteCharAt": true}

// exactChain reports whether a receiver written as names (a local, a field, this.field)
// at toks[at] only ever holds JDK objects made in place (see exactLocals and exactField),
// or is a field the body has just set to one (see freshFieldSpans).
func (c *scanCtx) exactChain(names []string, at int) bool {
	switch {
	case len(names) == 1 && c.exact[names[0]]:
		return true
	case len(names) == 1:
		_, local := c.locals[names[0]]
		return !local && c.t != nil && (c.p.exactField(c.t, names[0]) || c.freshAt(names[0], at))
	case len(names) == 2 && names[0] == "this":
		return c.t != nil && (c.p.exactField(c.t, names[1]) || c.freshAt(names[1], at))
	}
	return false
}

// holdsInert reports whether the receiver of a call chain is a static field, written as
// F, this.F or T.F, whose functions change nothing when they run (see
// project.holdsInertFunctions).
func (c *scanCtx) holdsInert(chain []segment) bool {
	recv := chain[:len(chain)-1]
	if c.t == nil || len(recv) == 0 || len(recv) > 2 || slices.ContainsFunc(recv, func(s segment) bool { return s.call || s.cast != "" }) {
		return false
	}
	name := recv[len(recv)-1].name
	owners := []*analysis.Type{c.t}
	switch {
	case len(recv) == 1:
		if _, local := c.locals[name]; local {
			return false
		}
		if f := c.p.fieldOf(c.t, name); f == nil {
			return false
		} else if o := c.p.snap.Type(ownerOfKey(f.ID)); o != nil {
			owners = []*analysis.Type{o}
		}
	case recv[0].name != "this":
		owners = c.p.resolve(c.t, recv[0].name)
	}
	return len(owners) == 1 && c.p.holdsInertFunctions(c.t, owners[0], name)
}

// freshAt reports whether field holds, at toks[at] of the summarized body, a JDK collection
// the body has just made (see freshFieldSpans).
func (c *scanCtx) freshAt(field string, at int) bool {
	for _, span := range c.fresh[field] {
		if at >= span[0] && at < span[1] {
			return true
		}
	}
	return false
}

// freshFieldSpans finds, in a body's tokens, the fields set to a new JDK collection by a
// statement of their own ("this.f = new ArrayList<>(1);") and the statements right after
// it that only call methods of that collection with constant arguments
// ("this.f.add(String.class);"): there, the field holds the object just made, whatever
// other code may store in it. Any other statement, a block or a braceless branch ends the
// span: a call may set the field again, a branch may not have set it.
func (c *scanCtx) freshFieldSpans(toks []analysis.Token) map[string][][2]int {
	src := c.src
	out := map[string][][2]int{}
	open := map[string]int{}
	closeAll := func(at int) {
		for f, from := range open {
			out[f] = append(out[f], [2]int{from, at})
		}
		clear(open)
	}
	for i := 1; i < len(toks); {
		if !toks[i-1].Is(src, ";") && !toks[i-1].Is(src, "{") && !toks[i-1].Is(src, "}") || opensBracket(src, toks[i]) || closesBracket(src, toks[i]) {
			closeAll(i)
			i++
			continue
		}
		end := statementEnd(src, toks, i)
		if end < 0 {
			break
		}
		stmt := toks[i:end]
		target := stmt
		if len(target) > 2 && target[0].Is(src, "this") && target[1].Is(src, ".") {
			target = target[2:]
		}
		switch {
		case len(target) > 2 && target[0].Kind == analysis.TokIdent && c.fieldTarget(target[0].Text(src)) &&
			assignmentAt(src, target, 1) && c.newCollection(target[2:]):
			name := target[0].Text(src)
			closeAll(i)
			open[name] = end + 1
		case len(target) > 3 && target[0].Kind == analysis.TokIdent && target[1].Is(src, ".") && target[3].Is(src, "(") &&
			matchClose(src, target, 3) == len(target)-1 && constantArgs(src, target[4:len(target)-1]):
			if _, ok := open[target[0].Text(src)]; ok {
				break // a call on a fresh collection: JDK code only
			}
			closeAll(i)
		default:
			closeAll(i)
		}
		i = end + 1
	}
	closeAll(len(toks))
	return out
}

// statementEnd returns the index of the semicolon ending the statement starting at
// toks[i] (outside brackets), or -1 when a brace comes first.
func statementEnd(src []byte, toks []analysis.Token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch {
		case toks[j].Is(src, "{") || toks[j].Is(src, "}"):
			return -1
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case depth == 0 && toks[j].Is(src, ";"):
			return j
		}
	}
	return -1
}

// fieldTarget reports whether name, assigned in the summarized body, is a field of its
// type (not a local).
func (c *scanCtx) fieldTarget(name string) bool {
	_, local := c.locals[name]
	return !local && c.t != nil && c.p.fieldOf(c.t, name) != nil
}

// newCollection reports whether toks are "new T<…>(…)" of a JDK collection or builder
// type (no project type of that name, no anonymous subclass), up to the end of toks.
func (c *scanCtx) newCollection(toks []analysis.Token) bool {
	src := c.src
	if len(toks) < 4 || !toks[0].Is(src, "new") || toks[1].Kind != analysis.TokIdent {
		return false
	}
	name := toks[1].Text(src)
	if !collectionTypes[name] || c.shadowed(name) {
		return false
	}
	j := skipTypeArgs(src, toks, 2, len(toks))
	return j < len(toks) && toks[j].Is(src, "(") && matchClose(src, toks, j) == len(toks)-1
}

// constantArgs reports whether toks, a call's arguments, are literals and class literals
// only: nothing that runs code or hands over an object.
func constantArgs(src []byte, toks []analysis.Token) bool {
	for j, t := range toks {
		switch {
		case t.Kind == analysis.TokNumber || t.Kind == analysis.TokString || t.Kind == analysis.TokChar:
		case t.Is(src, ",") || t.Is(src, "true") || t.Is(src, "false") || t.Is(src, "null"):
		case t.Is(src, ".") && j+1 < len(toks) && toks[j+1].Is(src, "class"):
		case t.Is(src, "class") && j > 0 && toks[j-1].Is(src, "."):
		case t.Kind == analysis.TokIdent && j+2 < len(toks) && toks[j+1].Is(src, ".") && toks[j+2].Is(src, "class"):
		default:
			return false
		}
	}
	return true
}

// chainKeys returns the keys of the object a call runs on when its receiver is reached
// through call results (a.b().c(), T.make().c(), m().c()): step by step, a call that
// returns a fresh object or a value starts afresh (nothing before the statement can reach
// its result), one that returns what its receiver or arguments reach keeps their keys,
// and one that may return shared state, or whose effect is unknown, adds the heap.
func (c *scanCtx) chainKeys(toks []analysis.Token, s *site, inner map[string]bool) []string {
	p := c.p
	var keys []string
	var cur receiver
	result := func(e effect, recv []string, seg segment) []string {
		var out []string
		if e.ret&retShared != 0 {
			out = append(out, heapKey)
		}
		if e.ret&retArgs != 0 {
			out = append(append(out, recv...), c.argKeys(toks, seg.open, seg.close, inner)...)
		}
		return out
	}
	for i, seg := range s.chain[:len(s.chain)-1] {
		arity := -1
		if seg.call {
			arity = countArgs(c.src, toks, seg.open, seg.close)
		}
		switch {
		case i == 0 && seg.fresh && seg.call: // new T(…): what it may keep of its arguments
			keys, cur = c.argKeys(toks, seg.open, seg.close, inner), p.typeReceiver(c.t, seg.name, false)
		case i == 0 && seg.fresh: // a string literal
			keys, cur = nil, receiver{kind: recvValue}
		case i == 0 && seg.call: // m(…) on this
			self := []string{heapKey}
			if c.body {
				self = []string{"this"}
			}
			unq := receiver{kind: recvUnqualified, args: c.argTypes(toks, seg.open, seg.close)}
			keys, cur = result(p.callEffect(c.t, unq, seg.name, arity), self, seg), c.resultReceiver(unq, seg, arity)
		case i == 0:
			if inner[seg.name] {
				return []string{heapKey}
			}
			keys = nil
			if k := c.rootKey(toks, seg.idx, inner); k != "" {
				keys = []string{k}
			}
			cur = p.resolveChain(c.t, c.locals, []string{seg.name})
			if cur.kind == recvCollection && c.exactChain([]string{seg.name}, seg.idx) {
				cur.final = true
			}
		case seg.call && cur.kind == recvCollection && builderSelf[seg.name] && (cur.final || !p.collectionOverrides(cur.name)):
			cur = p.returnReceiver(c.t, cur, seg.name, arity) // a JDK builder returns itself
		case seg.call:
			cur.args = c.argTypes(toks, seg.open, seg.close) // the overloads they rule out return nothing here
			keys, cur = result(p.callEffect(c.t, cur, seg.name, arity), keys, seg), c.resultReceiver(cur, seg, arity)
		default: // a field of the current value, reachable from it
			next := receiver{}
			if cur.kind == recvProject || cur.kind == recvProjectStatic {
				for _, t := range cur.types {
					if f := p.fieldOf(t, seg.name); f != nil {
						r := p.memberReceiver(t, f)
						next.kind = r.kind
						next.types = append(next.types, r.types...)
					}
				}
			}
			if cur.kind == recvProjectStatic {
				keys = append(keys, heapKey) // a static field
			}
			cur = next
		}
	}
	return keys
}

// immutable reports a key naming a local or a field of an immutable value type (a JDK one,
// or a project value class): no call can change it, and it shares no object.
func (c *scanCtx) immutable(k string) bool {
	var t string
	var ok bool
	if f, isField := strings.CutPrefix(k, "this."); isField {
		t, ok = c.fields[f]
	} else {
		t, ok = c.locals[k]
	}
	return ok && (immutableType(t) || c.t != nil && c.p.valueClassNamed(c.t, t))
}

// flowKeys returns the keys whose objects the value of the expression toks[start:end] may
// be or reach: nothing for a fresh object or immutable value, what a constructor keeps of
// its arguments, and otherwise every name the expression reads (and shared state when a
// call in it may return it).
func (c *scanCtx) flowKeys(toks []analysis.Token, start, end int, inner map[string]bool) []string {
	src := c.src
	if start >= end || end > len(toks) {
		return nil
	}
	if toks[start].Kind == analysis.TokKeyword && toks[start].Is(src, "new") && c.ctorSite(toks, start) == nil {
		array := true // new T[n]: a fresh array of default values
		for j := start; j < end; j++ {
			if toks[j].Is(src, "{") {
				array = false
			}
		}
		if array {
			return nil
		}
	}
	if toks[start].Kind == analysis.TokKeyword && toks[start].Is(src, "new") {
		if s := c.ctorSite(toks, start); s != nil && s.self().close == end-1 && s.effect != effGlobal {
			var out []string
			for i, g := range c.argGroups(toks, s.self().open, s.self().close, inner) {
				if s.effect.store&posOf(i) != 0 {
					out = append(out, g...)
				}
			}
			if s.effect.ret&retShared != 0 || s.heapResult && s.effect.writes() {
				out = append(out, heapKey)
			}
			if s.holdsThis {
				out = append(out, "this")
			}
			return out
		}
	}
	if q, colon, ok := ternary(src, toks, start, end); ok {
		// cond ? a : b hands on a or b: what the condition reads does not flow.
		return append(c.flowKeys(toks, q+1, colon, inner), c.flowKeys(toks, colon+1, end, inner)...)
	}
	if toks[end-1].Is(src, ")") {
		open := matchOpen(src, toks, end-1)
		if open >= 1 && toks[open-1].Kind == analysis.TokIdent && !(open >= 2 && toks[open-2].Is(src, "new")) &&
			!(open >= 2 && toks[open-2].Is(src, ">")) {
			s := c.callSite(toks, open-1, inner)
			if s.chain[0].idx == start && !s.assertChain && !s.recvInner && s.effect.ret == 0 && s.effect != effGlobal {
				return nil // a fresh object or an immutable value
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for j := start; j < end; j++ {
		if k := c.rootKey(toks, j, inner); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for j := start; j < end; j++ {
		var s *site
		switch {
		case toks[j].Kind == analysis.TokKeyword && toks[j].Is(src, "new"):
			s = c.ctorSite(toks, j)
		case toks[j].Kind == analysis.TokIdent && j+1 < end && toks[j+1].Is(src, "(") && !(j > 0 && (toks[j-1].Is(src, "new") || toks[j-1].Is(src, "::") || toks[j-1].Is(src, "@"))) && !toks[j].Is(src, "while") &&
			!methodHead(src, toks, j):
			s = c.callSite(toks, j, inner)
		}
		if s == nil {
			continue
		}
		if (s.heapResult || s.effect.ret&retShared != 0) && !seen[heapKey] {
			seen[heapKey] = true
			out = append(out, heapKey)
		}
		if s.holdsThis && !seen["this"] {
			seen["this"] = true
			out = append(out, "this")
		}
		if s.effect.ret&retArgs != 0 && len(s.chain) == 1 && !s.chain[0].fresh {
			for _, k := range c.receiverKeys(toks, s, inner) {
				if !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// staticAccess adds what reading Type.field at toks[i] may do by initializing a project
// class: an initializer that writes shared state makes the access a write.
func (c *scanCtx) staticAccess(toks []analysis.Token, i int, f *facts) {
	name := toks[i].Text(c.src)
	if !isTypeName(name) || !(i+1 < len(toks) && toks[i+1].Is(c.src, ".")) {
		return
	}
	for _, ty := range c.p.resolve(c.t, name) {
		if i+2 < len(toks) && toks[i+2].Kind == analysis.TokIdent {
			if f := c.p.fieldOf(ty, toks[i+2].Text(c.src)); f != nil && c.p.inlined(f) {
				continue // a compile-time constant: its class is not initialized
			}
		}
		e := c.p.triggerInit(c.t, ty)
		f.siteFlags |= e.flags
		if e.flags&effWrites != 0 {
			f.defs[heapKey] = true
			f.deep[heapKey] = true
			if f.why[heapKey] == "" {
				f.why[heapKey] = e.why
			}
		}
		if e.flags&effPrints != 0 {
			f.defs[outKey] = true
			f.why[outKey] = printWhy
		}
	}
}

// describe names a call for explanations: Type#name when the receiver's type is known,
// the written chain otherwise.
func (c *scanCtx) describe(chain []segment) string {
	self := chain[len(chain)-1]
	if len(chain) == 1 {
		if c.t != nil {
			return c.t.ID + "#" + self.name
		}
		return self.name
	}
	root := chain[0]
	if typ, ok := c.locals[root.name]; ok && len(chain) == 2 {
		return analysis.EraseType(typ) + "#" + self.name
	}
	var parts []string
	for _, seg := range chain {
		n := seg.name
		if seg.call {
			n += "()"
		}
		parts = append(parts, n)
	}
	return strings.TrimSuffix(strings.Join(parts, "."), "()")
}

// valuesOnly reports whether the tokens between open and close hold only immutable values:
// literals, operators, and locals or fields of value types (no calls, no new objects).
func (c *scanCtx) valuesOnly(toks []analysis.Token, open, close int) bool {
	src := c.src
	for j := open + 1; j < close && j < len(toks); j++ {
		t := toks[j]
		switch {
		case t.Is(src, "new") || t.Is(src, "this") || t.Is(src, "super"):
			return false
		case t.Kind == analysis.TokIdent:
			if j+1 < len(toks) && toks[j+1].Is(src, "(") {
				return false
			}
			if j > 0 && toks[j-1].Is(src, ".") {
				return false // a field of something: its type is not followed here
			}
			name := t.Text(src)
			if typ, ok := c.locals[name]; ok {
				if !immutableType(typ) {
					return false
				}
				continue
			}
			if isTypeName(name) && j+2 < close && toks[j+1].Is(src, ".") && toks[j+2].Kind == analysis.TokIdent &&
				!(j+3 < len(toks) && (toks[j+3].Is(src, "(") || toks[j+3].Is(src, "."))) {
				field := toks[j+2].Text(src)
				ok := pureStatics[name] && isConstName(field) // Integer.MAX_VALUE
				for _, ty := range c.p.resolve(c.t, name) {
					if f := c.p.fieldOf(ty, field); f != nil && constant(f) {
						ok = true
					}
				}
				if !ok {
					return false
				}
				j += 2
				continue
			}
			if typ, ok := c.fields[name]; ok && immutableType(typ) {
				continue
			}
			return false
		}
	}
	return true
}

// staticValueArray reports whether T.f names a field of the project type T (no local or
// field of that name hides it) declared as an array of primitives or final JDK values.
func (c *scanCtx) staticValueArray(typ, field string) bool {
	if _, local := c.locals[typ]; local || c.t != nil && c.p.fieldOf(c.t, typ) != nil {
		return false
	}
	ts := c.p.resolve(c.t, typ)
	if len(ts) != 1 {
		return false
	}
	f := c.p.fieldOf(ts[0], field)
	return f != nil && valueArrayType(f.ReturnType)
}

// valueArrayCreation reports whether toks[from:to] makes an array of primitives or final
// JDK values in place: "new String[][] { { "a" } }", "new int[n]".
func (c *scanCtx) valueArrayCreation(toks []analysis.Token, from, to int) bool {
	src := c.src
	if to-from < 4 || !toks[from].Is(src, "new") || toks[from].Kind != analysis.TokKeyword {
		return false
	}
	elem := toks[from+1].Text(src)
	if !primitive[elem] && !(immutableType(elem) && !c.shadowed(elem)) || !toks[from+2].Is(src, "[") {
		return false
	}
	j := from + 2
	for j < to && toks[j].Is(src, "[") {
		cl := matchClose(src, toks, j)
		if cl <= j || cl >= to {
			return false
		}
		j = cl + 1
	}
	return j == to || toks[j].Is(src, "{") && matchClose(src, toks, j) == to-1
}

// operandCollection is what comparing or hashing toks[from:to] may run when it is a JDK
// collection or map the project may implement (a local, field or call result typed Set,
// List, Map…, not one made in place from JDK classes): a JDK collection's equals and
// hashCode ask the other collection for its size and elements, and a project collection
// answers with its own code. effNone for anything else.
func (c *scanCtx) operandCollection(toks []analysis.Token, from, to int) effect {
	src := c.src
	var r receiver
	switch {
	case to-from == 1 && toks[from].Kind == analysis.TokIdent:
		name := toks[from].Text(src)
		if c.exactChain([]string{name}, from) {
			return effNone
		}
		r = c.p.resolveChain(c.t, c.locals, []string{name})
	case toks[to-1].Is(src, ")"):
		o := matchOpen(src, toks, to-1)
		if o <= from || toks[o-1].Kind != analysis.TokIdent || o >= 2 && toks[o-2].Is(src, "new") {
			return effNone
		}
		st := c.callSite(toks, o-1, map[string]bool{})
		if st.chain[0].idx != from {
			return effNone
		}
		r = c.chainType(st.chain)
	default:
		return effNone
	}
	if r.kind != recvCollection || r.final || !collectionComparers[r.name] || !c.p.collectionOverrides(r.name) {
		return effNone
	}
	return unknown("unknown effect of comparing a " + r.name + " (a project class may be this " + r.name + ")")
}

// collectionComparers are the JDK collection and map types whose equals and hashCode read
// another collection's size and elements through its own methods.
var collectionComparers = map[string]bool{
	"Collection": true, "List": true, "Set": true, "Map": true, "SortedSet": true, "SortedMap": true,
	"NavigableSet": true, "NavigableMap": true, "Queue": true, "Deque": true, "Iterable": true,
	"AbstractList": true, "AbstractSet": true, "AbstractMap": true, "AbstractCollection": true,
	"ArrayList": true, "LinkedList": true, "HashSet": true, "LinkedHashSet": true, "TreeSet": true,
	"HashMap": true, "LinkedHashMap": true, "TreeMap": true, "ConcurrentMap": true,
}

// arrayCreationCallbacks is what comparing or hashing the elements of an array made in
// place, toks[from:to] = "new T[…]…" with or without an initializer, may run: nothing for an
// array of primitives or JDK values or one without an initializer (its elements are null or
// default values), else what each element written in the initializer may run. ok is false
// when toks[from:to] is no array creation.
func (c *scanCtx) arrayCreationCallbacks(toks []analysis.Token, from, to int) (effect, bool) {
	src := c.src
	if to-from < 4 || !toks[from].Is(src, "new") || toks[from].Kind != analysis.TokKeyword {
		return effNone, false
	}
	j := from + 1
	elem := ""
	for j < to && (toks[j].Kind == analysis.TokIdent || toks[j].Kind == analysis.TokKeyword && primitive[toks[j].Text(src)] || toks[j].Is(src, ".")) {
		if !toks[j].Is(src, ".") {
			elem = toks[j].Text(src)
		}
		j++
	}
	if elem == "" || j >= to || !toks[j].Is(src, "[") {
		return effNone, false
	}
	for j < to && toks[j].Is(src, "[") {
		cl := matchClose(src, toks, j)
		if cl <= j || cl >= to {
			return effNone, false
		}
		j = cl + 1
	}
	if primitive[elem] || immutableType(elem) && !c.shadowed(elem) {
		return effNone, j == to || toks[j].Is(src, "{") && matchClose(src, toks, j) == to-1
	}
	if j == to {
		return effNone, true // new T[n]: nulls
	}
	if !toks[j].Is(src, "{") || matchClose(src, toks, j) != to-1 {
		return effNone, false
	}
	return c.initializerCallbacks(toks, j, to-1), true
}

// initializerCallbacks is what comparing or hashing the elements of the array initializer
// between the braces toks[open] and toks[close] may run (see operandCallbacks).
func (c *scanCtx) initializerCallbacks(toks []analysis.Token, open, close int) effect {
	e := effNone
	for _, sp := range splitArgs(c.src, toks, open, close) {
		a, b := sp[0], sp[1]
		switch {
		case a >= b:
		case toks[a].Is(c.src, "{") && matchClose(c.src, toks, a) == b-1:
			e = e.or(c.initializerCallbacks(toks, a, b-1)) // a nested array's initializer
		default:
			e = e.or(c.operandCallbacks(toks, a, b))
		}
	}
	return e
}

// operandCallbacks is what hashing, comparing or printing the value of toks[from:to] may
// run: nothing for values, the callbacks of its project type when it is typed, every
// project callback otherwise.
func (c *scanCtx) operandCallbacks(toks []analysis.Token, from, to int) effect {
	src := c.src
	if from >= to || c.valuesOnly(toks, from-1, to) {
		return effNone
	}
	if e := c.operandCollection(toks, from, to); e != effNone {
		return e
	}
	if topLevel(src, toks, from, to, "->", "::") {
		return effNone // a lambda or method reference: no hashCode or equals of project code runs on it
	}
	if toks[from].Is(src, "(") && matchClose(src, toks, from) == to-1 {
		return c.operandCallbacks(toks, from+1, to-1) // ("…" + x), (a ? b : c): what is inside
	}
	if yes, no, ok := conditionalBranches(src, toks, from, to); ok {
		// flag ? name.trim() : "none": the operand is one branch or the other
		return c.operandCallbacks(toks, yes[0], yes[1]).or(c.operandCallbacks(toks, no[0], no[1]))
	}
	if topLevel(src, toks, from, to, "?") {
		return c.p.callbackEffect() // a ? b : c that conditionalBranches cannot split
	}
	if stringConcat(src, toks, from, to) {
		return effNone // "…" + x is a String
	}
	if to-from >= 4 && toks[from].Kind == analysis.TokIdent && toks[from+1].Is(src, "[") && toks[to-1].Is(src, "]") {
		// xs[i], m[i][j] of an array of values: a value, or an array of them
		name := toks[from].Text(src)
		typ, ok := c.locals[name]
		if !ok {
			typ = c.fields[name]
		}
		if valueArrayType(typ) && matchClose(src, toks, from+1) > from+1 && elementsOnly(src, toks, from+1, to) {
			return effNone
		}
	}
	if e, ok := c.arrayCreationCallbacks(toks, from, to); ok {
		return e
	}
	if to-from >= 3 && toks[to-1].Is(src, "class") && toks[to-2].Is(src, ".") && dottedNames(src, toks, from, to-2) {
		return effNone // X.class: a Class
	}
	if to-from == 4 && toks[from].Is(src, "(") && toks[from+2].Is(src, ")") && toks[from+3].Kind == analysis.TokIdent {
		switch cast := toks[from+1].Text(src); {
		case immutableType(cast):
			return effNone // (String) x: a String
		case isThrowable(cast) && !c.shadowed(cast):
			return c.p.throwableCallbacks(cast) // (IOException) t
		}
	}
	if to-from >= 3 && toks[to-1].Is(src, ")") && toks[to-2].Is(src, "(") && toks[to-3].Is(src, "toString") {
		return effNone // x.toString(): the call itself is typed and checked as a call site
	}
	if to-from >= 3 && toks[to-1].Is(src, "length") && toks[to-2].Is(src, ".") {
		return effNone // an array length
	}
	if toks[to-1].Is(src, ")") {
		if o := matchOpen(src, toks, to-1); o > from && valueCalls[toks[o-1].Text(src)] {
			return effNone // size(), hashCode(), name()…: a value whatever the receiver
		}
		if o := matchOpen(src, toks, to-1); o == from+3 && o+1 == to-1 && toks[from+1].Is(src, ".") && suppliedValue[toks[from+2].Text(src)] {
			// supplier.get() of a Supplier<String>: a value
			name := toks[from].Text(src)
			if targs := c.args[name]; suppliers[analysis.EraseType(c.locals[name])] && len(targs) == 1 && immutableType(targs[0]) {
				return effNone
			}
		}
		if o := matchOpen(src, toks, to-1); o == from+2 && toks[from].Is(src, "new") && toks[o-1].Kind == analysis.TokIdent {
			// new T(…): an instance of T itself
			name := toks[o-1].Text(src)
			if ts := c.p.resolve(c.t, name); len(ts) > 0 {
				return c.p.typedCallbacks(ts)
			}
			if immutableType(name) {
				return effNone
			}
		}
		if o := matchOpen(src, toks, to-1); o > from && toks[o-1].Kind == analysis.TokIdent && !(o >= 2 && toks[o-2].Is(src, "new")) {
			if st := c.callSite(toks, o-1, map[string]bool{}); st.chain[0].idx == from {
				switch r := c.chainType(st.chain); r.kind {
				case recvValue:
					return effNone
				case recvProject:
					return c.p.typedCallbacks(r.types)
				}
			}
		}
	}
	if (to-from)%2 == 1 && to-from > 1 {
		// a.b.c: typed through fields
		var names []string
		plain := true
		for j := from; j < to; j++ {
			if (j-from)%2 == 0 && (toks[j].Kind == analysis.TokIdent || j == from && toks[j].Is(src, "this")) {
				names = append(names, toks[j].Text(src))
			} else if (j-from)%2 == 1 && toks[j].Is(src, ".") {
				continue
			} else {
				plain = false
				break
			}
		}
		if plain && len(names) == 2 && c.staticValueArray(names[0], names[1]) {
			return effNone // ArrayUtils.EMPTY_BOOLEAN_ARRAY: an array of values
		}
		if plain {
			switch r := c.p.resolveChain(c.t, c.locals, names); r.kind {
			case recvValue:
				return effNone
			case recvProject:
				return c.p.typedCallbacks(r.types)
			}
		}
	}
	typ := ""
	switch {
	case to-from == 1 && toks[from].Kind == analysis.TokIdent:
		name := toks[from].Text(src)
		if t, ok := c.locals[name]; ok {
			typ = t
		} else if t, ok := c.fields[name]; ok {
			typ = t
		}
	case to-from == 3 && toks[from].Is(src, "this") && toks[from+1].Is(src, "."):
		typ = c.fields[toks[from+2].Text(src)]
	}
	if valueArrayType(typ) {
		return effNone // an array of values: hashing or comparing it runs no project code
	}
	if ts := c.p.resolve(c.t, typ); typ != "" && len(ts) > 0 && !collectionTypes[analysis.EraseType(typ)] {
		return c.p.typedCallbacks(ts)
	}
	if typ != "" && isThrowable(simpleName(typ)) && len(c.p.resolve(c.t, typ)) == 0 {
		return c.p.throwableCallbacks(simpleName(typ))
	}
	return c.p.callbackEffect()
}

// conditionalBranches splits toks[from:to], written as cond ? yes : no at the top level,
// into the token ranges of its two branches (a ternary nested in the no branch stays in
// it). ok is false for any other expression.
func conditionalBranches(src []byte, toks []analysis.Token, from, to int) (yes, no [2]int, ok bool) {
	depth, question, nested := 0, -1, 0
	for k := from; k < to; k++ {
		switch t := toks[k]; {
		case opensBracket(src, t):
			depth++
		case closesBracket(src, t):
			depth--
		case depth != 0:
		case t.Is(src, "?"):
			if question < 0 {
				question = k
			} else {
				nested++
			}
		case t.Is(src, ":") && question >= 0:
			if nested > 0 {
				nested--
				continue
			}
			if question+1 >= k || k+1 >= to {
				return yes, no, false
			}
			return [2]int{question + 1, k}, [2]int{k + 1, to}, true
		}
	}
	return yes, no, false
}

// callbacks is what a JDK collection or builder call may run on the arguments between open
// and close: nothing for immutable values, the hashCode, equals, compareTo, compare and
// toString of a project type (and its subtypes) for an argument of that type, and those of
// every project type for anything else.
func (c *scanCtx) callbacks(toks []analysis.Token, open, close int) effect {
	src := c.src
	e := effNone
	start, depth := open+1, 0
	arg := func(from, to int) { e = e.or(c.operandCallbacks(toks, from, to)) }
	for j := open + 1; j < close && j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case toks[j].Is(src, ",") && depth == 0:
			arg(start, j)
			start = j + 1
		}
	}
	arg(start, close)
	return e
}

// concatCallbacks is what the string concatenations in toks may run: the toString of each
// operand that is no value (see operandCallbacks). at is the index of a string literal of
// the first concatenation that may run something.
func (c *scanCtx) concatCallbacks(toks []analysis.Token) (at int, e effect) {
	src := c.src
	plus := func(k int) bool {
		return k >= 0 && k < len(toks) && toks[k].Is(src, "+") && !(k+1 < len(toks) && toks[k+1].Start == toks[k].End &&
			(toks[k+1].Is(src, "+") || toks[k+1].Is(src, "="))) && !(k > 0 && toks[k-1].End == toks[k].Start && toks[k-1].Is(src, "+"))
	}
	done := map[int]bool{}
	for j, t := range toks {
		if t.Kind != analysis.TokString || !plus(j-1) && !plus(j+1) || done[j] {
			continue
		}
		from, to := concatSpan(src, toks, j)
		start, depth := from, 0
		operand := func(a, b int) {
			for k := a; k < b; k++ {
				done[k] = true
			}
			if b-a == 1 && toks[a].Kind == analysis.TokString {
				return
			}
			if oe := c.operandCallbacks(toks, a, b); oe != effNone && e == effNone {
				at, e = j, oe
			} else {
				e = e.or(oe)
			}
		}
		for k := from; k < to; k++ {
			switch {
			case opensBracket(src, toks[k]):
				depth++
			case closesBracket(src, toks[k]):
				depth--
			case depth == 0 && plus(k):
				operand(start, k)
				start = k + 1
			}
		}
		operand(start, to)
	}
	return at, e
}

// concatBoundaries end the operands of a string concatenation.
var concatBoundaries = map[string]bool{",": true, ";": true, "=": true, "?": true, ":": true, "->": true, "return": true,
	"&&": true, "||": true, "==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true, "!": true, "{": true,
	"}": true, "throw": true, "+=": true, "assert": true}

// concatSpan returns the token range [from, to) of the expression around the string literal
// at toks[j] that its "+" operators join: up to an unmatched bracket or a token that ends an
// operand (see concatBoundaries).
func concatSpan(src []byte, toks []analysis.Token, j int) (from, to int) {
	from = j
	for k := j - 1; k >= 0; k-- {
		t := toks[k]
		if closesBracket(src, t) {
			if o := matchOpen(src, toks, k); o >= 0 {
				k, from = o, o
				continue
			}
			break
		}
		if opensBracket(src, t) || concatBoundaries[t.Text(src)] {
			break
		}
		from = k
	}
	to = j + 1
	for k := j + 1; k < len(toks); k++ {
		t := toks[k]
		if opensBracket(src, t) {
			if cl := matchClose(src, toks, k); cl > k {
				k, to = cl, cl+1
				continue
			}
			break
		}
		if closesBracket(src, t) || concatBoundaries[t.Text(src)] {
			break
		}
		to = k + 1
	}
	return from, to
}

// elementsOnly reports whether toks[open:to] is one or more index brackets, [i][j].
func elementsOnly(src []byte, toks []analysis.Token, open, to int) bool {
	for open < to {
		if !toks[open].Is(src, "[") {
			return false
		}
		cl := matchClose(src, toks, open)
		if cl < open || cl >= to {
			return false
		}
		open = cl + 1
	}
	return open == to
}

// primitiveResults are String methods returning a primitive.
var primitiveResults = map[string]bool{"length": true, "charAt": true, "indexOf": true, "lastIndexOf": true, "isEmpty": true,
	"isBlank": true, "equals": true, "equalsIgnoreCase": true, "compareTo": true, "compareToIgnoreCase": true,
	"startsWith": true, "endsWith": true, "contains": true, "matches": true, "hashCode": true, "codePointAt": true}

// dottedNames reports whether toks[from:to] is a name or names joined by dots (a.b.C).
func dottedNames(src []byte, toks []analysis.Token, from, to int) bool {
	for j := from; j < to; j++ {
		if (j-from)%2 == 0 && toks[j].Kind != analysis.TokIdent || (j-from)%2 == 1 && !toks[j].Is(src, ".") {
			return false
		}
	}
	return (to-from)%2 == 1
}

// suppliedValue are the methods of suppliers giving what they supply.
var suppliedValue = map[string]bool{"get": true, "call": true}

// suppliers are JDK types whose get() or call() gives a value of their one type argument.
var suppliers = map[string]bool{"Supplier": true, "Callable": true, "Optional": true, "AtomicReference": true, "ThreadLocal": true}

// stringConcat reports whether toks[from:to] is a string concatenation: a string literal
// next to a "+" outside brackets, in an expression that is no conditional or lambda (whose
// value may be another operand: flag ? cs : "<" + s).
func stringConcat(src []byte, toks []analysis.Token, from, to int) bool {
	if topLevel(src, toks, from, to, "?", "->") {
		return false
	}
	return atTopLevel(src, toks, from, to, func(j int) bool {
		return toks[j].Kind == analysis.TokString && (j > from && toks[j-1].Is(src, "+") || j+1 < to && toks[j+1].Is(src, "+"))
	})
}

// topLevel reports whether one of the tokens texts occurs in toks[from:to] outside
// brackets: what an expression is made of at its top (a lambda's "->", a conditional's
// "?"), not what some argument inside it is.
func topLevel(src []byte, toks []analysis.Token, from, to int, texts ...string) bool {
	return atTopLevel(src, toks, from, to, func(j int) bool {
		return slices.ContainsFunc(texts, func(x string) bool { return toks[j].Is(src, x) })
	})
}

// ternary finds the "?" and its ":" of a conditional expression that is the whole of
// toks[from:to] (outside brackets; not the body of a lambda).
func ternary(src []byte, toks []analysis.Token, from, to int) (q, colon int, ok bool) {
	if topLevel(src, toks, from, to, "->") {
		return 0, 0, false
	}
	open := 0
	q = -1
	found := atTopLevel(src, toks, from, to, func(j int) bool {
		switch {
		case toks[j].Is(src, "?"):
			if q < 0 {
				q = j
			}
			open++
		case toks[j].Is(src, ":") && q >= 0:
			if open--; open == 0 {
				colon = j
				return true
			}
		}
		return false
	})
	if !found {
		return 0, 0, false
	}
	return q, colon, true
}

// atTopLevel reports whether match holds for some token index of toks[from:to] outside
// brackets (a bracket token itself is never matched).
func atTopLevel(src []byte, toks []analysis.Token, from, to int, match func(j int) bool) bool {
	depth := 0
	for j := from; j < to && j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case depth == 0 && match(j):
			return true
		}
	}
	return false
}

// chainType types the value of a whole call chain: its receiver typed as effectOf does,
// then the declared return type of the last call.
func (c *scanCtx) chainType(chain []segment) receiver {
	p := c.p
	self := chain[len(chain)-1]
	recv := chain[:len(chain)-1]
	if chain[0].cast != "" {
		return receiver{} // not followed
	}
	cur := receiver{kind: recvUnqualified}
	skip := 0
	for i, seg := range recv {
		if skip > 0 {
			skip--
			continue
		}
		if i > 0 && getsClass(seg) {
			cur = receiver{kind: recvValue, name: "Class"}
			continue
		}
		if i > 0 && cur.kind == recvUnknown {
			return receiver{}
		}
		switch {
		case i == 0 && seg.fresh && seg.call:
			cur = p.typeReceiver(c.t, seg.name, false)
		case i == 0 && seg.fresh:
			cur = receiver{kind: recvValue} // a string literal
		case i == 0 && !seg.call:
			// A root of dotted names resolves as one chain (Integer.TYPE: a Class).
			names := []string{seg.name}
			for k := 1; k < len(recv) && !recv[k].call && !recv[k].fresh && recv[k].cast == ""; k++ {
				names = append(names, recv[k].name)
			}
			cur, skip = p.resolveChain(c.t, c.locals, names), len(names)-1
		case seg.madeStream:
			cur = receiver{kind: recvStream}
		case seg.call:
			cur = p.returnReceiver(c.t, cur, seg.name, -1)
		default:
			if cur.kind != recvProject && cur.kind != recvProjectStatic {
				return receiver{}
			}
			var next receiver
			for _, t := range cur.types {
				f := p.fieldOf(t, seg.name)
				if f == nil {
					return receiver{}
				}
				r := p.memberReceiver(t, f)
				next.kind = r.kind
				next.types = append(next.types, r.types...)
			}
			cur = next
		}
	}
	if getsClass(self) {
		return receiver{kind: recvValue, name: "Class"}
	}
	if cur.kind == recvUnknown {
		return receiver{}
	}
	return p.returnReceiver(c.t, cur, self.name, -1)
}

// valueCalls are zero-argument methods whose results are values on every type: their
// signatures are fixed by Object.
var valueCalls = map[string]bool{"hashCode": true, "toString": true, "getClass": true}

// qualifiedNew reports whether the name at toks[i] ends a qualified type after new
// ("new java.io.StringWriter(").
func qualifiedNew(src []byte, toks []analysis.Token, i int) bool {
	j := i
	for j >= 2 && toks[j-1].Is(src, ".") && toks[j-2].Kind == analysis.TokIdent {
		j -= 2
	}
	return j != i && j > 0 && toks[j-1].Is(src, "new")
}

// collectorArg reports whether argument i of the call (open, close) is a collector made in
// place by Collectors ("Collectors.toList()"): JDK code, whose own function arguments are
// written in the statement.
func (c *scanCtx) collectorArg(toks []analysis.Token, open, close, i int) bool {
	src := c.src
	n, depth := 0, 0
	for j := open + 1; j < close && j < len(toks); j++ {
		switch {
		case n == i && depth == 0 && (j == open+1 || toks[j-1].Is(src, ",")):
			return toks[j].Is(src, "Collectors") && j+1 < close && toks[j+1].Is(src, ".") &&
				c.locals["Collectors"] == "" && len(c.p.resolve(c.t, "Collectors")) == 0
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case toks[j].Is(src, ",") && depth == 0:
			n++
		}
	}
	return false
}

// factoryArg reports whether argument i of the call between open and close is a call to a
// static project method (Suppliers.nul(), nul()) whose every function it may return changes
// nothing when run (see project.returnsInertFunctions).
func (c *scanCtx) factoryArg(toks []analysis.Token, open, close, i int) bool {
	from, to, ok := c.argSpan(toks, open, close, i)
	if !ok {
		return false
	}
	name, o, ok := c.endingCall(toks, from, to)
	if !ok {
		return false
	}
	var types []*analysis.Type
	switch {
	case name == from:
		types = []*analysis.Type{c.t} // nul(…), declared here or in an enclosing class
	case name == from+2 && toks[from+1].Is(c.src, "."):
		types = c.p.resolve(c.t, toks[from].Text(c.src)) // Suppliers.nul(…)
	default:
		return false
	}
	if len(types) == 0 {
		return false
	}
	arity := countArgs(c.src, toks, o, to-1)
	for _, t := range types {
		cands := c.p.methodsOf(t, toks[name].Text(c.src), arity)
		if name == from {
			cands = c.p.methodsIn(t, toks[name].Text(c.src), arity)
		}
		if len(cands) == 0 {
			return false
		}
		for _, r := range cands {
			if !r.m.Static() || !c.p.returnsInertFunctions(r) {
				return false
			}
		}
	}
	return true
}

// methodRefArg reports whether argument i of the call between open and close is a method
// reference written there ("Q::m", "T::new"): like a lambda, its site in the statement
// carries what running it does (see methodRefSite).
func (c *scanCtx) methodRefArg(toks []analysis.Token, open, close, i int) bool {
	from, to, ok := c.argSpan(toks, open, close, i)
	if ok && c.entryPart(toks, from, to) {
		return true // Map.Entry::getKey, read as a site of its own (see methodRefSite)
	}
	return ok && to-from == 3 && toks[from+1].Is(c.src, "::") &&
		(toks[from].Kind == analysis.TokIdent || toks[from].Is(c.src, "this")) &&
		(toks[from+2].Kind == analysis.TokIdent || toks[from+2].Is(c.src, "new"))
}

// lambdaArg reports whether argument i of the call (open, close) is a lambda expression.
func (c *scanCtx) lambdaArg(toks []analysis.Token, open, close, i int) bool {
	src := c.src
	n, depth := 0, 0
	for j := open + 1; j < close && j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			depth--
		case toks[j].Is(src, ",") && depth == 0:
			n++
		case toks[j].Is(src, "->") && n == i && (depth == 0 || depth == 1 && toks[j-1].Is(src, ")")):
			return true
		}
	}
	return false
}

// hasTypeParam says whether name is one of params.
func hasTypeParam(params []analysis.TypeParam, name string) bool {
	return slices.ContainsFunc(params, func(p analysis.TypeParam) bool { return p.Name == name })
}

// superIsObject reports whether super at toks[at] means Object: it is written in the body
// of an anonymous new Object() { … }, or outside any anonymous class body in a class that
// extends nothing.
func (c *scanCtx) superIsObject(toks []analysis.Token, at int) bool {
	src := c.src
	depth := 0
	for j := at - 1; j >= 0; j-- {
		switch {
		case toks[j].Is(src, "}"):
			depth++
		case toks[j].Is(src, "{") && depth > 0:
			depth--
		case toks[j].Is(src, "{") && j > 0 && toks[j-1].Is(src, ")") && isAnonymousBody(src, toks, j):
			o := matchOpen(src, toks, j-1)
			return o > 0 && toks[o-1].Is(src, "Object") && !(o > 1 && toks[o-2].Is(src, "."))
		}
	}
	return c.t != nil && c.t.Kind == "class" && len(c.t.Extends) == 0
}
