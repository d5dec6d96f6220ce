package slicing

import (
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// Lambda parameters are typed by the elements they are handed: in
// "options.stream().filter(opt -> opt.getOpt() != null)", opt is an element of options,
// whose declared type List<Option> says it is an Option (or null). The model keeps only
// erased types, so the type arguments are read from the declaration's source.

// elementCalls are the calls whose lambda argument is handed the elements of the stream
// or collection they are called on, one at a time.
var elementCalls = map[string]bool{
	"filter": true, "anyMatch": true, "allMatch": true, "noneMatch": true, "forEach": true,
	"forEachOrdered": true, "peek": true, "takeWhile": true, "dropWhile": true, "removeIf": true,
	"map": true, "mapToInt": true, "mapToLong": true, "mapToDouble": true, "mapToObj": true, "flatMap": true,
}

// sameElements are the stream operations whose result holds elements of their receiver.
var sameElements = map[string]bool{
	"filter": true, "distinct": true, "sorted": true, "peek": true, "limit": true, "skip": true,
	"sequential": true, "unordered": true, "takeWhile": true, "dropWhile": true,
}

// elementType is the type of the elements a one-parameter lambda written as an argument of
// the call at toks[call] is handed, or "" when it cannot be told: the call must be one of
// elementCalls on a chain rooted at a field or local of a declared Iterable or Stream type,
// through stream() and element-preserving stream operations only.
func (c *scanCtx) elementType(toks []analysis.Token, call int) string {
	st := c.callSite(toks, call, map[string]bool{})
	chain := st.chain
	if !elementCalls[chain[len(chain)-1].name] {
		return ""
	}
	i := 0
	if chain[0].name == "this" && len(chain) > 2 {
		i = 1
	}
	root := chain[i]
	if root.call || root.fresh {
		return ""
	}
	container, args := c.declaredTypeArgs(toks, root.name, i == 1)
	if len(args) != 1 || !iterableTypes[container] {
		return ""
	}
	for _, seg := range chain[i+1 : len(chain)-1] {
		if !seg.call || !(seg.name == "stream" || sameElements[seg.name]) {
			return ""
		}
	}
	return upperBound(args[0])
}

// upperBound is the erased type a type argument's values have: T for T or ? extends T,
// "" for ? and ? super T (anything).
func upperBound(arg string) string {
	arg = strings.TrimSpace(arg)
	if b, ok := strings.CutPrefix(arg, "?"); ok {
		b = strings.TrimSpace(b)
		if arg, ok = strings.CutPrefix(b, "extends"); !ok {
			return ""
		}
		arg = strings.TrimSpace(arg)
	}
	return analysis.EraseType(arg)
}

// entryTypes returns the types of the key and the value that the call at toks[call], a
// forEach on a local or field declared as a JDK map with type arguments, hands the
// function it is given ("m.forEach((k, v) -> …)"); "" for what cannot be told.
func (c *scanCtx) entryTypes(toks []analysis.Token, call int) (key, value string) {
	st := c.callSite(toks, call, map[string]bool{})
	chain := st.chain
	i := 0
	if chain[0].name == "this" && len(chain) > 2 {
		i = 1
	}
	if len(chain) != i+2 || chain[i+1].name != "forEach" || chain[i].call || chain[i].fresh {
		return "", ""
	}
	container, args := c.declaredTypeArgs(toks, chain[i].name, i == 1)
	if len(args) != 2 || !mapTypes[container] {
		return "", ""
	}
	return upperBound(args[0]), upperBound(args[1])
}

// mapTypes are the JDK map types whose two type arguments are their keys' and values' types.
var mapTypes = map[string]bool{
	"Map": true, "HashMap": true, "LinkedHashMap": true, "TreeMap": true, "SortedMap": true, "NavigableMap": true,
	"ConcurrentHashMap": true, "ConcurrentMap": true, "EnumMap": true, "IdentityHashMap": true, "WeakHashMap": true,
}

// iterableTypes are the JDK types whose one type argument is the type of their elements.
var iterableTypes = map[string]bool{
	"List": true, "ArrayList": true, "LinkedList": true, "Set": true, "HashSet": true, "TreeSet": true,
	"LinkedHashSet": true, "SortedSet": true, "NavigableSet": true, "Collection": true, "Iterable": true,
	"Queue": true, "Deque": true, "ArrayDeque": true, "PriorityQueue": true, "Vector": true, "Stack": true,
	"Stream": true,
}

// declaredTypeArgs reads the declared type of a local (declared once in the body toks) or,
// when field is set or no local has the name, of a field of the scanned type: its simple
// name and its type arguments as written ("List", ["Option"]).
func (c *scanCtx) declaredTypeArgs(toks []analysis.Token, name string, field bool) (string, []string) {
	if _, local := c.locals[name]; local && !field {
		if c.decls[name] != 1 {
			return "", nil
		}
		for i := 1; i < len(toks); i++ {
			if toks[i].Is(c.src, name) && toks[i-1].Is(c.src, ">") && i+1 < len(toks) &&
				(toks[i+1].Is(c.src, "=") || toks[i+1].Is(c.src, ";") || toks[i+1].Is(c.src, ",") || toks[i+1].Is(c.src, ")")) {
				return typeArgsBefore(c.src, toks, i)
			}
		}
		return "", nil
	}
	f := c.p.fieldOf(c.t, name)
	if f == nil {
		return "", nil
	}
	file := c.p.snap.FileOf(ownerOfKey(f.ID))
	if file == nil {
		return "", nil
	}
	src, err := c.p.source(file.Path)
	if err != nil || f.End > len(src) || f.Start < 0 {
		return "", nil
	}
	ftoks := analysis.Lex(src, f.Start, f.End)
	for i := 1; i < len(ftoks); i++ {
		if ftoks[i].Is(src, name) {
			if ftoks[i-1].Is(src, ">") {
				return typeArgsBefore(src, ftoks, i)
			}
			return "", nil
		}
	}
	return "", nil
}

// typeArgsBefore reads "T<A, B>" ending just before toks[i]: T's simple name and the text
// of each type argument.
func typeArgsBefore(src []byte, toks []analysis.Token, i int) (string, []string) {
	closeIdx := i - 1
	depth := 0
	open := -1
	for j := closeIdx; j >= 0; j-- {
		switch {
		case toks[j].Is(src, ">"):
			depth++
		case toks[j].Is(src, "<"):
			depth--
		}
		if depth == 0 {
			open = j
			break
		}
	}
	if open < 1 || toks[open-1].Kind != analysis.TokIdent {
		return "", nil
	}
	var args []string
	start := open + 1
	depth = 0
	for j := open + 1; j < closeIdx; j++ {
		switch {
		case toks[j].Is(src, "<"):
			depth++
		case toks[j].Is(src, ">"):
			depth--
		case toks[j].Is(src, ",") && depth == 0:
			args = append(args, string(src[toks[start].Start:toks[j-1].End]))
			start = j + 1
		}
	}
	if start < closeIdx {
		args = append(args, string(src[toks[start].Start:toks[closeIdx-1].End]))
	}
	return toks[open-1].Text(src), args
}

// typeLambdaParams gives the parameters of one-parameter lambdas their element types (see
// elementType), and those of two-parameter lambdas a map's forEach runs its key and value
// types (see entryTypes), in c.locals. A name used by several lambdas keeps a type only when every one
// of them gives it the same; a name also declared as a typed local keeps none.
func (c *scanCtx) typeLambdaParams(toks []analysis.Token, lps []lambdaParam, declared []analysis.LocalVar) {
	types, conflict := map[string]string{}, map[string]bool{}
	for _, l := range declared {
		if l.Type != "" {
			conflict[l.Name] = true
		}
	}
	set := func(n, t string) {
		if t == "" || types[n] != "" && types[n] != t {
			conflict[n] = true
		}
		types[n] = t
	}
	for _, lp := range lps {
		switch {
		case lp.call >= 0 && len(lp.names) == 1:
			set(lp.names[0], c.elementType(toks, lp.call))
		case lp.call >= 0 && len(lp.names) == 2:
			k, v := c.entryTypes(toks, lp.call)
			set(lp.names[0], k)
			set(lp.names[1], v)
		default:
			for _, n := range lp.names {
				conflict[n] = true
			}
		}
	}
	for n, t := range types {
		if !conflict[n] {
			c.locals[n] = t
		}
	}
}

// exactField reports whether the private field name of t, typed as a JDK collection or
// builder, only ever holds JDK objects made in place by "new T(…)": every assignment to a
// field of that name in t's source file (the only code that can assign a private field)
// makes one. No project code can then stand behind it. The answer is remembered per file
// content.
func (p *project) exactField(t *analysis.Type, name string) bool {
	f := p.fieldOf(t, name)
	if f == nil || !isPrivate(f) || !collectionTypes[simpleName(f.ReturnType)] {
		return false
	}
	owner := p.snap.Type(ownerOfKey(f.ID))
	file := p.fileOf(owner)
	if owner == nil || file == nil {
		return false
	}
	key := f.ID + "@" + strconv.FormatUint(file.ContentHash, 16)
	if v, ok := p.exactFields[key]; ok {
		return v
	}
	if p.exactFields == nil {
		p.exactFields = map[string]bool{}
	}
	// An assignment may copy a field through a JDK copy constructor whose argument is asked
	// the same question (this.text = new StringBuilder(text), the parameter read as the
	// field): while the answer is being found, it is no.
	p.exactFields[key] = false
	src, err := p.source(file.Path)
	ok := err == nil && p.onlyFresh(owner, src, f, name)
	p.exactFields[key] = ok
	return ok
}

// onlyFresh reports whether every assignment to a field called name in src (and its
// initializer, if any) is "new T(…)" of a JDK class, and there is at least one.
func (p *project) onlyFresh(t *analysis.Type, src []byte, f *analysis.Member, name string) bool {
	ctx := &scanCtx{p: p, t: t, src: src}
	toks := analysis.Lex(src, 0, len(src))
	found := false
	for _, a := range assignments(src, toks) {
		last := a.target[len(a.target)-1]
		if last == "?" && a.rhsStart >= 2 {
			last = toks[a.rhsStart-2].Text(src) // f().name = …: the name before "="
		}
		if last != name {
			continue
		}
		if a.indexed || !ctx.freshJDK(toks, a.rhsStart, a.rhsEnd) {
			return false
		}
		found = true
	}
	if f.BodyEnd > f.BodyStart {
		ftoks := analysis.Lex(src, f.BodyStart, f.BodyEnd)
		if !ctx.freshJDK(ftoks, 0, len(ftoks)) {
			return false
		}
		found = true
	}
	return found
}

// freshJDK reports whether toks[start:end] is exactly "new T<…>(…)" of a JDK class, with no
// class body, or such an object wrapped by Collections.synchronized… or unmodifiable… (JDK
// code around JDK code). A LinkedHashMap made with three arguments may be access-ordered and
// is left out: reading it changes it.
func (c *scanCtx) freshJDK(toks []analysis.Token, start, end int) bool {
	if start+4 < end && toks[start].Is(c.src, "Collections") && toks[start+1].Is(c.src, ".") &&
		c.locals["Collections"] == "" && len(c.p.resolve(c.t, "Collections")) == 0 && c.p.fieldOf(c.t, "Collections") == nil {
		name := toks[start+2].Text(c.src)
		if (strings.HasPrefix(name, "synchronized") || strings.HasPrefix(name, "unmodifiable")) &&
			toks[start+3].Is(c.src, "(") && matchClose(c.src, toks, start+3) == end-1 {
			return c.freshJDK(toks, start+4, end-1)
		}
		return false
	}
	if c.collectedFromJDKStream(toks, start, end) {
		return true
	}
	if start >= end || !toks[start].Is(c.src, "new") {
		return false
	}
	st := c.ctorSite(toks, start)
	if st == nil || st.self().close != end-1 {
		return false
	}
	n := st.self().name
	if n == "LinkedHashMap" && countArgs(c.src, toks, st.self().open, st.self().close) == 3 {
		return false // an access-ordered map may be one: get reorders it (see orderedByAccess)
	}
	return len(c.p.resolve(c.t, n)) == 0 && (freshJDK[n] || collectionTypes[n])
}

// jdkCollections are the Collectors factories whose collections are the JDK's own whatever
// the functions they are given (toMap with a map supplier is left out).
var jdkCollections = map[string]int{"toList": 0, "toSet": 0, "toUnmodifiableList": 0, "toUnmodifiableSet": 0,
	"toMap": 3, "toUnmodifiableMap": 3, "groupingBy": 1, "partitioningBy": 1}

// jdkStreamSources are JDK classes whose static methods make JDK streams.
var jdkStreamSources = map[string]bool{"Stream": true, "Arrays": true, "IntStream": true, "LongStream": true, "DoubleStream": true}

// collectedFromJDKStream reports whether toks[start:end] is a JDK stream made by a JDK
// class (Stream.of(…), Arrays.stream(…)), any chain of its operations, and
// collect(Collectors.toList()) or another collector making a JDK collection: a JDK stream's
// operations return JDK streams, so the collection is the JDK's own.
func (c *scanCtx) collectedFromJDKStream(toks []analysis.Token, start, end int) bool {
	src := c.src
	if end-start < 12 || !jdkStreamSources[toks[start].Text(src)] || c.shadowed(toks[start].Text(src)) ||
		!toks[start+1].Is(src, ".") || toks[start+2].Kind != analysis.TokIdent || !toks[start+3].Is(src, "(") {
		return false
	}
	j := matchClose(src, toks, start+3) + 1
	for j > 0 && j+3 < end && toks[j].Is(src, ".") && toks[j+1].Kind == analysis.TokIdent && toks[j+2].Is(src, "(") {
		cl := matchClose(src, toks, j+2)
		if cl < 0 || cl >= end {
			return false
		}
		if cl == end-1 {
			// The last call: collect(Collectors.name(…)).
			if !toks[j+1].Is(src, "collect") || j+7 >= end || !toks[j+3].Is(src, "Collectors") || !toks[j+4].Is(src, ".") ||
				c.shadowed("Collectors") || !toks[j+6].Is(src, "(") || matchClose(src, toks, j+6) != end-2 {
				return false
			}
			most, ok := jdkCollections[toks[j+5].Text(src)]
			return ok && countArgs(src, toks, j+6, end-2) <= most
		}
		j = cl + 1
	}
	return false
}

// collectorCallbacks is what a stream's collect(…) written at toks[open:close] may run
// beyond the callbacks of the elements (the receiver's effect counts those): a collector
// made by Collectors hashes or compares the elements or what its functions make of them.
// Functions that hand on an element, a part of an entry when the stream's elements are a
// JDK map's entries, or a value run no other callbacks; any other collector or function
// may make any project object (every project callback may run).
func (c *scanCtx) collectorCallbacks(toks []analysis.Token, open, close int, entries bool) effect {
	if !c.madeByCollectors(toks, open+1, close, entries) {
		return c.p.callbackEffect()
	}
	return effNone
}

// madeByCollectors reports whether toks[from:to] is one call of Collectors (not a project
// name) whose arguments are collectors of the same kind or functions handing on elements,
// parts of entries (when entries is set), or values.
func (c *scanCtx) madeByCollectors(toks []analysis.Token, from, to int, entries bool) bool {
	src := c.src
	if to-from < 5 || !toks[from].Is(src, "Collectors") || !toks[from+1].Is(src, ".") || !toks[from+3].Is(src, "(") ||
		matchClose(src, toks, from+3) != to-1 || c.shadowed("Collectors") {
		return false
	}
	spans, ok := c.argSpans(toks, from+3, to-1)
	if !ok {
		return false
	}
	for _, arg := range spans {
		a, b := arg[0], arg[1]
		switch {
		case a == b:
		case c.madeByCollectors(toks, a, b, entries):
		case b-a == 5 && toks[a].Is(src, "Function") && toks[a+2].Is(src, "identity") && !c.shadowed("Function"):
		case entries && c.entryPart(toks, a, b):
		case b-a == 3 && toks[a+1].Is(src, "::") && valueCalls[toks[a+2].Text(src)]:
		case c.valuesOnly(toks, a-1, b):
		default:
			return false
		}
	}
	return true
}

// entryPart reports whether toks[a:b] is Map.Entry::getKey, Map.Entry::getValue or the
// same through Entry.
func (c *scanCtx) entryPart(toks []analysis.Token, a, b int) bool {
	src := c.src
	if b-a == 5 && toks[a].Is(src, "Map") && toks[a+1].Is(src, ".") && !c.shadowed("Map") {
		a += 2
	}
	if b-a != 3 || !toks[a].Is(src, "Entry") || !toks[a+1].Is(src, "::") || c.shadowed("Entry") {
		return false
	}
	m := toks[a+2].Text(src)
	return m == "getKey" || m == "getValue"
}

// collectsEntries reports whether the function written at toks[at] is an argument of a
// collector made by Collectors (directly or through collectors nested in one) that a
// stream of a JDK map's entries collects: it runs on those entries only.
func (c *scanCtx) collectsEntries(toks []analysis.Token, at int) bool {
	src := c.src
	k := enclosingCall(src, toks, at)
	collectors := false
	for k >= 2 && toks[k-1].Is(src, ".") && toks[k-2].Is(src, "Collectors") && !c.shadowed("Collectors") {
		collectors = true
		k = enclosingCall(src, toks, k-2)
	}
	if !collectors || k < 0 || !toks[k].Is(src, "collect") {
		return false
	}
	return c.callSite(toks, k, map[string]bool{}).entries
}

// shadowed reports whether name is a local, a field or a project type where c scans, not
// the JDK's.
func (c *scanCtx) shadowed(name string) bool {
	_, local := c.locals[name]
	return local || c.t != nil && c.p.fieldOf(c.t, name) != nil || len(c.p.resolve(c.t, name)) > 0
}
