package analysis

import (
	"bytes"
	"slices"
	"sort"
	"strconv"
	"strings"
)

var reflectiveLookups = map[string]bool{
	"forName": true, "getMethod": true, "getDeclaredMethod": true, "getField": true,
	"getDeclaredField": true, "loadClass": true, "getConstructor": true, "getDeclaredConstructor": true,
	"getMethods": true, "getDeclaredMethods": true, "getFields": true, "getDeclaredFields": true,
	"getConstructors": true, "getDeclaredConstructors": true, "getClasses": true, "getDeclaredClasses": true,
}

// ReflectiveCall reports whether a call named name looks up or uses members reflectively:
// a lookup (Class.forName, getDeclaredConstructors, getMethod…) or a reflective invocation
// (Constructor.newInstance, Method.invoke).
func ReflectiveCall(name string) bool {
	return reflectiveLookups[name] || name == "newInstance" || name == "invoke"
}

// notClassForName reports whether a call is a forName of a type other than Class
// (Charset.forName, Font.forName): no class is loaded.
func notClassForName(name string, receiver []string) bool {
	if name != "forName" || len(receiver) == 0 {
		return false
	}
	last := receiver[len(receiver)-1]
	return last != "Class" && isTypeLike(last)
}

// typedNonName reports whether the argument starting at toks[at] is one local or
// parameter declared with a project or library type that no reflective lookup takes
// (names are Strings, parameter types Classes): joda-time's DateTimeFieldType#getField
// (Chronology) is no Class#getField(String).
func typedNonName(src []byte, toks []Token, at int, locals []LocalVar) bool {
	if at+1 >= len(toks) || toks[at].Kind != TokIdent || !(toks[at+1].Is(src, ")") || toks[at+1].Is(src, ",")) {
		return false
	}
	name := toks[at].Text(src)
	typ := ""
	for _, l := range locals {
		if l.Name == name {
			if typ != "" && typ != l.Type {
				return false // two declarations: which one is meant is not followed here
			}
			typ = l.Type
		}
	}
	typ = EraseType(typ)
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		typ = typ[i+1:] // java.lang.String
	}
	switch {
	case typ == "" || len(typ) == 1 || strings.HasSuffix(typ, "[]"): // unknown, a type variable, Class<?>... varargs
		return false
	case typ == "String" || typ == "Object" || typ == "CharSequence" || typ == "Class" || typ == "Serializable" || typ == "var":
		return false
	}
	return true
}

// constantArg returns the constant an argument list's first argument names when it is a
// lone upper-case identifier (getMethod(METHOD_CLONE)): a static final field, whose value
// the graph may read.
func constantArg(src []byte, toks []Token, at int) (string, bool) {
	if at+1 >= len(toks) || toks[at].Kind != TokIdent || !(toks[at+1].Is(src, ")") || toks[at+1].Is(src, ",")) {
		return "", false
	}
	name := toks[at].Text(src)
	for _, c := range name {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return "", false
		}
	}
	return name, name[0] >= 'A' && name[0] <= 'Z'
}

// ScanRefs reads the references a member body makes from its tokens: call sites with their
// receivers and argument counts, constructor calls, method references, type names, other
// identifiers, declared locals, and reflective lookups. It works on tokens alone, so it is
// fast and keeps working on code that does not parse; what it cannot pin down it leaves
// unresolved for the graph to match widely.
func ScanRefs(src []byte, toks []Token, params []LocalVar) Refs {
	r := Refs{Locals: append([]LocalVar(nil), params...)}
	// at holds, per call, the index of the token that names it (the "new" of a
	// constructor call): a receiver that is a call's result names that exact call.
	var at []int
	lines := newLineCounter(src, toks)
	names := map[string]bool{}
	firstUse := map[string]int{} // the first line each identifier appears on, for EarlyNames
	types := map[string]bool{}
	valueTypes := map[string]bool{} // type names mentioned other than as the head of a static call
	escapes := map[string]bool{}
	localSupers := localClassSupers(src, toks)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		text := t.Text(src)
		switch t.Kind {
		case TokString:
			if name, ok := fileNameLiteral(text); ok && !slices.Contains(r.FileNames, name) {
				r.FileNames = append(r.FileNames, name)
			}
		case TokKeyword:
			switch text {
			case "throw", "assert":
				r.MayThrow = true
			case "class", "interface", "enum":
				if i == 0 || !toks[i-1].Is(src, ".") {
					r.LocalTypes = true // not X.class
				}
			case "new":
				if call, ok := scanNew(src, toks, i, lines.at(t.Start)); ok {
					for _, c := range asLocalSubclass(call, localSupers) {
						r.Calls, at = append(r.Calls, c), append(at, i)
						types[c.New] = true
						valueTypes[c.New] = true
					}
				}
			case "this", "super":
				if i+1 < len(toks) && toks[i+1].Is(src, "(") && (i == 0 || isStmtStart(src, toks[i-1])) {
					_, n, _ := argList(src, toks, i+1)
					r.Calls, at = append(r.Calls, Call{Name: "<init>", Arity: n, Line: lines.at(t.Start), This: text == "this", Super: text == "super"}), append(at, i)
				}
			}
		case TokIdent:
			if i+1 < len(toks) && toks[i+1].Is(src, "(") {
				if newTypeName(src, toks, i) {
					continue // the constructor call scanNew recorded
				}
				closeIdx, n, args, sums, fns := argSummaries(src, toks, i+1)
				if declaresMethod(src, toks, closeIdx) {
					continue // a method of an anonymous or local class: its body is scanned, it calls nothing
				}
				call := Call{Name: text, Arity: n, Line: lines.at(t.Start), ArgNames: args, Args: sums, FnArgs: fns}
				call.Receiver = receiverOf(src, toks, i, r.Calls, at)
				if len(call.Receiver) == 1 && call.Receiver[0] == "super" {
					call.Super = true
				}
				if reflectiveLookups[text] && !typedNonName(src, toks, i+2, r.Locals) && !notClassForName(text, call.Receiver) {
					// On a class literal, a lookup by a computed name sees only that class's
					// members, which the literal reaches.
					onLiteral := len(call.Receiver) == 1 && call.Receiver[0] == "#class"
					if i+2 < len(toks) && toks[i+2].Kind == TokString && (i+3 < len(toks) && (toks[i+3].Is(src, ")") || toks[i+3].Is(src, ","))) {
						if s, err := strconv.Unquote(toks[i+2].Text(src)); err == nil {
							r.Strings = append(r.Strings, s)
						}
					} else if c, ok := constantArg(src, toks, i+2); ok && !onLiteral {
						r.ReflectiveConsts = append(r.ReflectiveConsts, c)
					} else if n > 0 && !onLiteral {
						r.Reflective = true
					} else if strings.HasPrefix(text, "get") && strings.HasSuffix(text, "s") && !onLiteral {
						r.Reflective = true // getMethods(), getDeclaredFields(): every member
					}
				}
				r.Calls, at = append(r.Calls, call), append(at, i)
				continue
			}
			if i+1 < len(toks) && toks[i+1].Is(src, "::") && i+2 < len(toks) {
				name := methodRefName(src, toks, i+2)
				if name == "new" {
					name = "<init>"
				}
				r.Calls = append(r.Calls, Call{Name: name, Arity: -1, MethRef: true, Line: lines.at(t.Start),
					Receiver: receiverChain(src, toks, i), New: newName(name, text)})
				at = append(at, i)
				if isTypeLike(text) {
					types[text] = true
					valueTypes[text] = true
				}
				continue
			}
			if i+2 < len(toks) && toks[i+1].Is(src, "->") || untypedLambdaParam(src, toks, i) {
				// A lambda's parameter (x -> …, (a, b) -> …): a value of a type not
				// written, never a type or a field of that name.
				r.Locals = append(r.Locals, LocalVar{Name: text, Line: lines.at(t.Start)})
			}
			if decl, ok := scanDecl(src, toks, i); ok {
				decl.Line = lines.at(t.Start)
				r.Locals = append(r.Locals, decl)
			}
			if isTypeLike(text) {
				types[text] = true
				if !staticCallHead(src, toks, i) {
					valueTypes[text] = true
				}
			}
			if !chainMiddle(src, toks, i) {
				names[text] = true
				if _, seen := firstUse[text]; !seen {
					firstUse[text] = lines.at(t.Start)
				}
			}
			if esc, field := escapingValue(src, toks, i); field != "" {
				r.Stores = append(r.Stores, Store{Value: valueChain(src, toks, i), Field: field})
			} else if esc {
				escapes[valueChain(src, toks, i)] = true
			}
		case TokPunct:
			if mayThrowPunct[text] || text == "(" && referenceCast(src, toks, i) {
				r.MayThrow = true
			}
			// this::m, super::m, expr.call()::m, Type<T>::m
			if text == "::" && i > 0 && i+1 < len(toks) && toks[i-1].Kind != TokIdent {
				name := methodRefName(src, toks, i+1)
				if name == "new" {
					name = "<init>"
				}
				recv, made := []string{toks[i-1].Text(src)}, ""
				if j := genericTypeStart(src, toks, i-1); j >= 0 {
					// A generic type's method (Traversable<T>::singleOption): the type is
					// the receiver, as without its arguments.
					recv = receiverChain(src, toks, j)
					if nm := toks[j].Text(src); isTypeLike(nm) {
						types[nm] = true
						valueTypes[nm] = true
					}
					made = newName(name, toks[j].Text(src)) // ArrayList<String>::new
				}
				r.Calls = append(r.Calls, Call{Name: name, Arity: -1, MethRef: true, Line: lines.at(t.Start), Receiver: recv, New: made})
				at = append(at, i)
			}
		}
	}
	for n := range names {
		r.Names = append(r.Names, n)
	}
	for n := range escapes {
		r.Escapes = append(r.Escapes, n)
	}
	sort.Strings(r.Escapes)
	for t := range types {
		r.Types = append(r.Types, t)
		if !valueTypes[t] {
			r.StaticOnly = append(r.StaticOnly, t)
		}
	}
	sort.Strings(r.StaticOnly)
	sort.Strings(r.Names)
	sort.Strings(r.Types)
	r.Locals = append(r.Locals, laterDeclarators(src, toks)...)
	r.EarlyNames = earlyNames(firstUse, r.Locals)
	scanSelects(src, toks, &r, at)
	r.FreeFns = freeFunctions(src, toks)
	r.Lambdas = lambdaArgs(src, toks, at)
	callResultArgs(src, toks, at, r.Calls)
	return r
}

// earlyNames lists the names used on a line above every declaration of a local of that
// name (none of them a parameter): there the name is not that local, which Java scopes
// from its declaration on, but a field of the same name.
func earlyNames(firstUse map[string]int, locals []LocalVar) []string {
	firstDecl := map[string]int{}
	for _, l := range locals {
		if d, ok := firstDecl[l.Name]; !ok || l.Line < d {
			firstDecl[l.Name] = l.Line
		}
	}
	var out []string
	for n, d := range firstDecl {
		if u, ok := firstUse[n]; ok && u < d {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// callParens returns, per call (see at), the index of the "(" opening its arguments, -1
// for a method reference.
func callParens(src []byte, toks []Token, at []int) []int {
	out := make([]int, len(at))
	for k, i := range at {
		out[k] = -1
		if toks[i].Is(src, "new") {
			for j := i + 1; j < len(toks) && !toks[j].Is(src, ";") && !toks[j].Is(src, "{"); j++ {
				if toks[j].Is(src, "<") {
					j = skipAngles(src, toks, j) - 1
					continue
				}
				if toks[j].Is(src, "(") {
					out[k] = j
					break
				}
			}
		} else if i+1 < len(toks) && toks[i+1].Is(src, "(") {
			out[k] = i + 1
		}
	}
	return out
}

// callResultArgs records, for each argument that is exactly a call (or a chain ending in
// one: "x.bitLength()", "a.b().c()"), the call's index in calls as the argument's summary
// "()k", and for a chain of names ("seed.length", "this.total") the chain as written,
// where the scanner could not type the argument otherwise: the resolver types it by what
// the call returns or the fields select, to pick overloads.
func callResultArgs(src []byte, toks []Token, at []int, calls []Call) {
	parens := callParens(src, toks, at)
	closeOf := bracketPairs(src, toks)
	byClose := map[int]int{} // index of a call's ")" -> call index
	for k, p := range parens {
		if c, ok := closeOf[p]; ok && p >= 0 {
			byClose[c] = k
		}
	}
	for k, open := range parens {
		if open < 0 || len(calls[k].Args) == 0 {
			continue
		}
		end, ok := closeOf[open]
		if !ok {
			continue
		}
		start := open + 1
		for arg, j := range argEnds(src, toks, open, end) {
			if arg >= len(calls[k].Args) {
				break
			}
			if calls[k].Args[arg] == "" && j-1 > start {
				if inner, ok := byClose[j-1]; ok && inner != k && chainPrefix(src, toks, start, parens[inner]-1, closeOf) {
					calls[k].Args[arg] = "()" + strconv.Itoa(inner)
				} else if dottedNames(src, toks, start, j) {
					calls[k].Args[arg] = string(src[toks[start].Start:toks[j-1].End])
				} else if names, dims := arrayElement(src, toks, start, j, closeOf); dims > 0 {
					calls[k].Args[arg] = elemArgPrefix + strconv.Itoa(dims) + ":" + names
				}
			}
			start = j + 1
		}
	}
}

// bracketPairs maps the index of every opening bracket ("(", "[", "{") to the index of the
// one closing it.
func bracketPairs(src []byte, toks []Token) map[int]int {
	closeOf := map[int]int{}
	var stack []int
	for i, t := range toks {
		switch {
		case opensAny(src, t):
			stack = append(stack, i)
		case closesAny(src, t) && len(stack) > 0:
			closeOf[stack[len(stack)-1]] = i
			stack = stack[:len(stack)-1]
		}
	}
	return closeOf
}

// argEnds returns, for the argument list between the brackets at open and close, the
// index that ends each argument: its top-level comma, or close for the last one.
func argEnds(src []byte, toks []Token, open, close int) []int {
	var out []int
	depth := 0
	for j := open + 1; j < close; j++ {
		switch {
		case opensAny(src, toks[j]):
			depth++
		case closesAny(src, toks[j]):
			depth--
		case toks[j].Is(src, ",") && depth == 0:
			out = append(out, j)
		}
	}
	return append(out, close)
}

// elemArgPrefix starts the summary of an argument that is an array element ("y0[j]",
// "this.rows[i][k]"): the number of indexes, ":" and the array's chain of names.
const elemArgPrefix = "#elem:"

// arrayElement reads toks[from:to] as a chain of names indexed one or more times
// ("y0[j]", "a.b[i][k]"): it returns the chain as written and the number of indexes, 0
// when the tokens are something else.
func arrayElement(src []byte, toks []Token, from, to int, closeOf map[int]int) (string, int) {
	end := from + 1
	for end+1 < to && toks[end].Is(src, ".") && toks[end+1].Kind == TokIdent {
		end += 2
	}
	if !dottedNames(src, toks, from, end) && !(end == from+1 && toks[from].Kind == TokIdent) {
		return "", 0
	}
	dims := 0
	for j := end; j < to; j++ {
		c, ok := closeOf[j]
		if !toks[j].Is(src, "[") || !ok || c >= to {
			return "", 0
		}
		dims++
		j = c
	}
	return string(src[toks[from].Start:toks[end-1].End]), dims
}

// dottedNames says whether toks[from:to] is a chain of names ("a.b", "this.n", "x.length"):
// fields selected one after the other, or a qualified constant.
func dottedNames(src []byte, toks []Token, from, to int) bool {
	if to-from < 3 || (to-from)%2 == 0 {
		return false
	}
	for j := from; j < to; j++ {
		if (j-from)%2 == 1 {
			if !toks[j].Is(src, ".") {
				return false
			}
		} else if toks[j].Kind != TokIdent && !(j == from && toks[j].Is(src, "this")) {
			return false
		}
	}
	return true
}

// chainPrefix says whether toks[from:name] is a receiver chain ending just before the
// called name at toks[name]: names, "this" and earlier calls joined by dots, or nothing.
func chainPrefix(src []byte, toks []Token, from, name int, closeOf map[int]int) bool {
	if name < from || toks[name].Kind != TokIdent {
		return false
	}
	if name == from {
		return true
	}
	if !toks[name-1].Is(src, ".") {
		return false
	}
	for j := from; j < name-1; j++ {
		t := toks[j]
		switch {
		case t.Kind == TokIdent || t.Is(src, "this") || t.Is(src, "."):
		case t.Is(src, "(") && j > from && toks[j-1].Kind == TokIdent:
			c, ok := closeOf[j]
			if !ok || c >= name {
				return false
			}
			j = c
		default:
			return false
		}
	}
	return true
}

// lambdaArgs finds the lambdas with untyped parameters written directly as arguments of
// the calls at holds the name tokens of (see Refs.Lambdas).
func lambdaArgs(src []byte, toks []Token, at []int) []LambdaArg {
	paren := map[int]int{} // token index of a call's "(" -> call index
	for k, p := range callParens(src, toks, at) {
		if p >= 0 {
			paren[p] = k
		}
	}
	closeOf := bracketPairs(src, toks)
	var out []LambdaArg
	var stack []int // token indexes of the open brackets
	for a, t := range toks {
		switch {
		case t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{"):
			stack = append(stack, a)
		case t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}"):
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case t.Is(src, "->") && a > 0 && len(stack) > 0 && !switchRule(src, toks, a):
			open := stack[len(stack)-1]
			k, ok := paren[open]
			if !ok {
				continue
			}
			params := lambdaParams(src, toks, a)
			if len(params) == 0 {
				continue
			}
			close, ok := closeOf[open]
			if !ok {
				close = len(toks)
			}
			// The lambda is the argument whose end follows it; its body runs to that end.
			ends := argEnds(src, toks, open, close)
			pos := 0
			for pos < len(ends)-1 && ends[pos] < a {
				pos++
			}
			end := ends[pos]
			first, _ := slices.BinarySearch(at, a)
			last, _ := slices.BinarySearch(at, end)
			out = append(out, LambdaArg{Call: k, Pos: pos, Params: params, First: first, End: last})
		}
	}
	return out
}

// lambdaParams reads the parameters before the arrow at toks[a]: "x ->" or "(a, b) ->".
// It returns nil when any parameter is declared with a type (those are typed already) or
// the text is no lambda.
func lambdaParams(src []byte, toks []Token, a int) []string {
	p := toks[a-1]
	if p.Kind == TokIdent {
		return []string{p.Text(src)}
	}
	if !p.Is(src, ")") {
		return nil
	}
	var names []string
	j := a - 2
	for ; j >= 0 && !toks[j].Is(src, "("); j-- {
		switch {
		case toks[j].Kind == TokIdent && (toks[j+1].Is(src, ",") || toks[j+1].Is(src, ")")) &&
			j > 0 && (toks[j-1].Is(src, ",") || toks[j-1].Is(src, "(")):
			names = append([]string{toks[j].Text(src)}, names...)
		case toks[j].Is(src, ","):
		default:
			return nil
		}
	}
	if j < 0 {
		return nil
	}
	return names
}

func opensAny(src []byte, t Token) bool {
	return t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{")
}

func closesAny(src []byte, t Token) bool {
	return t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}")
}

// freeFunctions reports whether the code writes a lambda or a method reference anywhere
// but directly as an argument of a call (where Call.FnArgs records it): assigned to a
// variable or field, cast, returned, or nested in another lambda's body. A switch rule's
// arrow (case A ->) is no lambda.
func freeFunctions(src []byte, toks []Token) bool {
	// args[k] says whether the k-th open bracket is the parenthesis of a call's arguments.
	var args []bool
	for i, t := range toks {
		switch {
		case t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{"):
			args = append(args, t.Is(src, "(") && i > 0 && callParen(src, toks, i))
		case t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}"):
			if len(args) > 0 {
				args = args[:len(args)-1]
			}
		case t.Is(src, "->") && !switchRule(src, toks, i) || t.Is(src, "::"):
			if len(args) == 0 || !args[len(args)-1] {
				return true
			}
		}
	}
	return false
}

// callParen says whether the parenthesis at toks[i] opens a call's (or a constructor
// call's) argument list: a name that is no statement keyword, or the ">" closing the type
// arguments of new X<..>(.
func callParen(src []byte, toks []Token, i int) bool {
	p := toks[i-1]
	if p.Is(src, ">") {
		return true
	}
	if p.Kind != TokIdent {
		return false
	}
	switch p.Text(src) {
	case "if", "while", "for", "switch", "catch", "synchronized", "return", "try":
		return false
	}
	return true
}

// switchRule says whether the arrow at toks[i] ends a switch rule's labels (case A, B ->,
// case Type t ->, default ->) rather than a lambda's parameters.
func switchRule(src []byte, toks []Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		switch {
		case t.Is(src, "case") || t.Is(src, "default"):
			return true
		case t.Kind == TokIdent || t.Kind == TokNumber || t.Kind == TokString || t.Kind == TokChar ||
			t.Is(src, ".") || t.Is(src, ",") || t.Is(src, "null") || t.Is(src, "-"):
			continue
		}
		return false
	}
	return false
}

func newName(name, recv string) string {
	if name == "<init>" {
		return recv
	}
	return ""
}

func isTypeLike(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

func isStmtStart(src []byte, t Token) bool {
	return t.Is(src, "{") || t.Is(src, ";") || t.Is(src, "}")
}

// lineOf counts the 1-based line of byte offset off. Callers use it only for call sites, so
// its cost stays proportional to the code read.
func lineOf(src []byte, off int) int {
	if off > len(src) {
		off = len(src)
	}
	if off < 0 {
		off = 0
	}
	return 1 + bytes.Count(src[:off], newline)
}

var newline = []byte{'\n'}

// localClassSupers maps the local classes a body declares ("class Gold extends Stamp {")
// to the classes they extend, as written, following local classes that extend each other
// to the first one that is not local. A name declared twice maps to both supertypes.
func localClassSupers(src []byte, toks []Token) map[string][]string {
	direct := map[string][]string{}
	for i := 0; i+2 < len(toks); i++ {
		if !toks[i].Is(src, "class") || toks[i].Kind != TokKeyword || i > 0 && toks[i-1].Is(src, ".") || toks[i+1].Kind != TokIdent {
			continue
		}
		name := toks[i+1].Text(src)
		j := i + 2
		if toks[j].Is(src, "<") {
			j = skipAngles(src, toks, j)
		}
		if j >= len(toks) || !toks[j].Is(src, "extends") {
			continue
		}
		var parts []string
		for j++; j < len(toks) && (toks[j].Kind == TokIdent || toks[j].Is(src, ".")); j++ {
			if toks[j].Kind == TokIdent {
				parts = append(parts, toks[j].Text(src))
			}
		}
		if len(parts) > 0 && !slices.Contains(direct[name], strings.Join(parts, ".")) {
			direct[name] = append(direct[name], strings.Join(parts, "."))
		}
	}
	out := map[string][]string{}
	for name := range direct {
		seen := map[string]bool{name: true}
		queue := slices.Clone(direct[name])
		for len(queue) > 0 {
			sup := queue[0]
			queue = queue[1:]
			if seen[sup] {
				continue
			}
			seen[sup] = true
			if next, local := direct[sup]; local {
				queue = append(queue, next...)
				continue
			}
			out[name] = append(out[name], sup)
		}
	}
	return out
}

// asLocalSubclass reads "new L(…)" of a local class L the body declares as making an
// object of the class L extends, the way an anonymous class body is read: L's implicit or
// written constructor runs one of its supertype's constructors, with arguments of its own,
// so every constructor of that type may run. Other calls are returned as they are.
func asLocalSubclass(call Call, localSupers map[string][]string) []Call {
	sups, local := localSupers[call.New]
	if !local {
		return []Call{call}
	}
	var out []Call
	for _, sup := range sups {
		out = append(out, Call{Name: "<init>", New: sup, Arity: -1, Line: call.Line, Anon: true, FnArgs: call.FnArgs})
	}
	return out
}

// scanNew reads "new a.b.X<...>(" at toks[i], on the given line, into a constructor call.
func scanNew(src []byte, toks []Token, i, line int) (Call, bool) {
	j := i + 1
	// The type as written, qualified or not ("Foo", "a.b.Foo", "Outer.Inner"); a type
	// annotation before it (new @A Foo()) is no part of it.
	var parts []string
	for j < len(toks) && (toks[j].Kind == TokIdent || toks[j].Is(src, ".") || toks[j].Is(src, "@")) {
		switch {
		case toks[j].Is(src, "@"):
			parts = nil
		case toks[j].Kind == TokIdent && j > i+1 && toks[j-1].Is(src, "."):
			parts = append(parts, toks[j].Text(src))
		case toks[j].Kind == TokIdent:
			parts = []string{toks[j].Text(src)}
		}
		j++
	}
	name := strings.Join(parts, ".")
	if name == "" {
		return Call{}, false
	}
	if j < len(toks) && toks[j].Is(src, "<") {
		j = skipAngles(src, toks, j)
	}
	if j >= len(toks) || !toks[j].Is(src, "(") {
		return Call{New: name}, false // array creation or broken code
	}
	closeIdx, n, args, sums, fns := argSummaries(src, toks, j)
	anon := closeIdx+1 < len(toks) && toks[closeIdx+1].Is(src, "{")
	return Call{Name: "<init>", New: name, Arity: n, Line: line, ArgNames: args, Args: sums, Anon: anon, FnArgs: fns}, true
}

func skipAngles(src []byte, toks []Token, j int) int {
	depth := 0
	for ; j < len(toks); j++ {
		switch {
		case toks[j].Is(src, "<"):
			depth++
		case toks[j].Is(src, ">"):
			depth--
			if depth == 0 {
				return j + 1
			}
		case toks[j].Is(src, ";") || toks[j].Is(src, "{"):
			return j
		}
	}
	return j
}

// staticCallHead reports whether the type-like name at toks[i] heads a static call written
// X.m(…): not qualified itself, not after new, followed by a lower-case method name.
func staticCallHead(src []byte, toks []Token, i int) bool {
	if i > 0 && (toks[i-1].Is(src, ".") || toks[i-1].Is(src, "new")) {
		return false
	}
	return i+3 < len(toks) && toks[i+1].Is(src, ".") && toks[i+2].Kind == TokIdent &&
		!isTypeLike(toks[i+2].Text(src)) && toks[i+3].Is(src, "(")
}

// methodRefName returns the method name of a method reference whose name starts at
// toks[k], after "::": explicit type arguments (ObjectUtils::<String>median) come first.
func methodRefName(src []byte, toks []Token, k int) string {
	if toks[k].Is(src, "<") {
		k = skipAngles(src, toks, k)
		if k >= len(toks) {
			return ""
		}
	}
	return toks[k].Text(src)
}

// declaresMethod reports whether the parenthesised list closing at closeIdx is a method's
// parameter list rather than a call's arguments: only a declaration goes on with a body or
// a throws clause.
func declaresMethod(src []byte, toks []Token, closeIdx int) bool {
	next := closeIdx + 1
	return next < len(toks) && (toks[next].Is(src, "{") || toks[next].Is(src, "throws"))
}

// argList reads the argument list opening at toks[open] ("("): it returns the index of the
// closing parenthesis, the number of arguments, and the arguments that are plain names.
func argList(src []byte, toks []Token, open int) (closeIdx, n int, names []string) {
	closeIdx, n, names, _, _ = argSummaries(src, toks, open)
	return closeIdx, n, names
}

// argSummaries is argList that also summarizes every argument (see Call.Args) and gives
// the positions of the arguments written as a lambda or a method reference (Call.FnArgs).
func argSummaries(src []byte, toks []Token, open int) (closeIdx, n int, names, args []string, fns []int) {
	depth := 0
	argStart := open + 1
	for j := open; j < len(toks); j++ {
		s := toks[j]
		switch {
		case s.Is(src, "(") || s.Is(src, "{") || s.Is(src, "["):
			depth++
		case s.Is(src, ")") || s.Is(src, "}") || s.Is(src, "]"):
			depth--
			if depth == 0 {
				if j > argStart {
					n++
					names = appendArgName(src, toks, argStart, j, names)
					args = append(args, argSummary(src, toks, argStart, j))
				}
				return j, n, names, args, fns
			}
		case s.Is(src, "new") && depth == 1:
			// Skip "new X<A, B>" so commas in type arguments are not counted.
			k := j + 1
			for k < len(toks) && (toks[k].Kind == TokIdent || toks[k].Is(src, ".")) {
				k++
			}
			if k < len(toks) && toks[k].Is(src, "<") {
				j = skipAngles(src, toks, k) - 1
			}
		case s.Is(src, ".") && depth >= 1 && j+1 < len(toks) && toks[j+1].Is(src, "<"):
			// Explicit type arguments of a call (Collections.<K, V>emptyMap()): their
			// commas separate no arguments.
			j = skipAngles(src, toks, j+1) - 1
		case (s.Is(src, "->") || s.Is(src, "::")) && depth == 1:
			if len(fns) == 0 || fns[len(fns)-1] != n {
				fns = append(fns, n)
			}
		case s.Is(src, ",") && depth == 1:
			n++
			names = appendArgName(src, toks, argStart, j, names)
			args = append(args, argSummary(src, toks, argStart, j))
			argStart = j + 1
		}
	}
	return len(toks) - 1, n + 1, names, nil, nil
}

// argSummary types the argument toks[from:to] from its tokens where that is certain.
func argSummary(src []byte, toks []Token, from, to int) string {
	if to-from == 1 {
		t := toks[from]
		text := t.Text(src)
		switch t.Kind {
		case TokIdent:
			return text
		case TokString:
			return "#String"
		case TokChar:
			return "#char"
		case TokNumber:
			return numberLiteralType(text)
		case TokKeyword:
			switch text {
			case "true", "false":
				return "#boolean"
			case "null":
				return "#null"
			case "this":
				return "this" // typed by the resolver where the enclosing class is known
			}
		}
		return ""
	}
	if to-from == 2 && toks[from].Is(src, "-") && toks[from+1].Kind == TokNumber {
		return numberLiteralType(toks[from+1].Text(src))
	}
	// "a" + x at the top level is a String whatever x is.
	depth := 0
	sawString, sawPlus, other := false, false, false
	for j := from; j < to; j++ {
		switch {
		case toks[j].Is(src, "(") || toks[j].Is(src, "["):
			depth++
		case toks[j].Is(src, ")") || toks[j].Is(src, "]"):
			depth--
		case depth == 0 && toks[j].Kind == TokString:
			sawString = true
		case depth == 0 && toks[j].Is(src, "+"):
			sawPlus = true
		case depth == 0 && toks[j].Kind == TokPunct && !toks[j].Is(src, ".") && !toks[j].Is(src, "+"):
			other = true // ?:, comparison, assignment, lambda arrow, ...
		}
	}
	if sawString && sawPlus && !other {
		return "#String"
	}
	if a := arithSummary(src, toks, from, to); a != "" {
		return a
	}
	// new X(..) or new X<..>(..) and nothing after it.
	if toks[from].Is(src, "new") {
		if call, ok := scanNew(src, toks, from, 0); ok && !call.Anon { // the line is not used
			k := from + 1
			for k < to && (toks[k].Kind == TokIdent || toks[k].Is(src, ".")) {
				k++
			}
			if k < to && toks[k].Is(src, "<") {
				k = skipAngles(src, toks, k)
			}
			if k < to && toks[k].Is(src, "(") {
				if end, _, _ := argList(src, toks, k); end == to-1 {
					return "new:" + call.New
				}
			}
		}
	}
	return ""
}

// numberLiteralType is the type of a numeric literal by its form.
func numberLiteralType(text string) string {
	lower := strings.ToLower(text)
	switch {
	case strings.HasPrefix(lower, "0x") && strings.Contains(lower, "p"):
		return "#double" // a hexadecimal floating-point literal
	case strings.HasPrefix(lower, "0x"):
		if strings.HasSuffix(lower, "l") {
			return "#long"
		}
		return "#int"
	case strings.HasSuffix(lower, "l"):
		return "#long"
	case strings.HasSuffix(lower, "f"):
		return "#float"
	case strings.HasSuffix(lower, "d") || strings.ContainsAny(lower, ".e"):
		return "#double"
	}
	return "#int"
}

func appendArgName(src []byte, toks []Token, from, to int, names []string) []string {
	if to-from == 1 && toks[from].Kind == TokIdent {
		return append(names, toks[from].Text(src))
	}
	return names
}

// receiverOf summarises the receiver of the call whose name is at toks[i]; at holds the
// name token of each call in calls.
func receiverOf(src []byte, toks []Token, i int, calls []Call, at []int) []string {
	dot := i - 1
	if dot >= 0 && toks[dot].Is(src, ">") {
		// Explicit type arguments: X.<T>m(..) is called on X.
		dot = AngleOpen(src, toks, dot) - 1
	}
	if dot < 1 || !toks[dot].Is(src, ".") {
		return nil
	}
	return receiverEndingAt(src, toks, dot-1, calls, at, 0)
}

// AngleOpen returns the index of the "<" that opens the type argument list closing at
// toks[close] (">"; the lexer keeps ">>" as two), or -1: skipAngles, backwards.
func AngleOpen(src []byte, toks []Token, close int) int {
	depth := 0
	for j := close; j >= 0; j-- {
		switch {
		case toks[j].Is(src, ">"):
			depth++
		case toks[j].Is(src, "<"):
			depth--
			if depth == 0 {
				return j
			}
		case toks[j].Is(src, "(") || toks[j].Is(src, ")") || toks[j].Is(src, ";") || toks[j].Is(src, "{") || toks[j].Is(src, "}"):
			return -1 // no type argument list spans these
		}
	}
	return -1
}

// receiverEndingAt summarises the expression whose last token is toks[end], as a receiver
// (see Call.Receiver). depth bounds the nesting of parentheses it looks through.
func receiverEndingAt(src []byte, toks []Token, end int, calls []Call, at []int, depth int) []string {
	prev := toks[end]
	switch {
	case prev.Is(src, ")"):
		return parenReceiver(src, toks, end, calls, at, depth)
	case prev.Kind == TokIdent || prev.Is(src, "this") || prev.Is(src, "super"):
		chain := receiverChain(src, toks, end)
		if chain[0] == "?" && depth < 4 {
			return fieldsOfExpression(src, toks, end, calls, at, depth)
		}
		return chain
	case prev.Is(src, "]"):
		return elementReceiver(src, toks, end, calls, at, depth)
	case prev.Kind == TokString:
		return []string{"new", "String"}
	case end >= 1 && prev.Is(src, "class") && toks[end-1].Is(src, "."):
		return []string{ClassLiteralReceiver}
	}
	return []string{"?"}
}

// parenReceiver summarises an expression ending at toks[end], a ")": a call result, a
// generic instance creation, a cast, or a parenthesised expression.
func parenReceiver(src []byte, toks []Token, end int, calls []Call, at []int, depth int) []string {
	j := matchingOpen(src, toks, end, "(", ")")
	if j < 0 {
		return []string{"?"}
	}
	if j > 0 && toks[j-1].Is(src, ">") {
		if name, ok := genericNew(src, toks, j-1); ok {
			return []string{"new", name} // new Box<T>(..).m()
		}
		return []string{"?"}
	}
	if j == 0 || toks[j-1].Kind != TokIdent {
		// A parenthesised expression: ((Vector3D) p).dot(..) is a Vector3D, and
		// (steps.get(i)).m() or (new Format()).m() is what they hold.
		if typ, ok := castType(src, toks, j, end); ok {
			return []string{CastReceiver, typ}
		}
		if castShaped(src, toks, j, end) {
			return []string{"?"}
		}
		if depth < 4 && j+1 < end && primaryOnly(src, toks, j+1, end) {
			return receiverEndingAt(src, toks, end-1, calls, at, depth+1)
		}
		return []string{"?"}
	}
	// Which call is it? The one named at that very token (an argument may call a method
	// of the same name: x.target(p.target())).
	name := toks[j-1].Text(src)
	isNew := j > 1 && newTypeName(src, toks, j-1)
	want := j - 1
	if isNew {
		for want >= 2 && toks[want-1].Is(src, ".") && toks[want-2].Kind == TokIdent {
			want -= 2 // new a.b.Foo(): the call is named at "new"
		}
		if want >= 3 && toks[want-1].Kind == TokIdent && toks[want-2].Is(src, "@") {
			want -= 2 // new @A Foo()
		}
		want--
	}
	for k := range calls {
		if k >= len(at) || at[k] != want {
			continue
		}
		if isNew && calls[k].Name == "<init>" && lastSegment(calls[k].New) == name {
			return []string{"new", calls[k].New}
		}
		if !isNew && calls[k].Name == name {
			return []string{"()", strconv.Itoa(k)}
		}
	}
	return []string{"?"}
}

// fieldsOfExpression summarises fields selected on a call result, a new object or a cast,
// "((Plane) o).w" or "m().a.b": the base receiver followed by the field names. Anything
// else stays "?".
func fieldsOfExpression(src []byte, toks []Token, end int, calls []Call, at []int, depth int) []string {
	start := end
	for start >= 2 && toks[start-1].Is(src, ".") && toks[start-2].Kind == TokIdent {
		start -= 2
	}
	if start < 2 || !toks[start-1].Is(src, ".") || !toks[start-2].Is(src, ")") {
		return []string{"?"}
	}
	base := parenReceiver(src, toks, start-2, calls, at, depth+1)
	if len(base) != 2 || !(base[0] == "()" || base[0] == "new" || base[0] == CastReceiver) {
		return []string{"?"}
	}
	for j := start; j <= end; j += 2 {
		base = append(base, toks[j].Text(src))
	}
	return base
}

// matchingOpen returns the index of the open bracket matching the close bracket at
// toks[end], or -1.
func matchingOpen(src []byte, toks []Token, end int, open, close string) int {
	depth := 0
	for j := end; j >= 0; j-- {
		if toks[j].Is(src, close) {
			depth++
		} else if toks[j].Is(src, open) {
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// primaryOnly reports whether toks[from:to] is one primary expression with its selectors,
// calls and indexes: no operator outside brackets, so its value is that of its last part.
// A method reference (Foo::new) or null counts as one too: a cast may apply to either.
func primaryOnly(src []byte, toks []Token, from, to int) bool {
	depth := 0
	for k := from; k < to; k++ {
		t := toks[k]
		switch {
		case t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{"):
			depth++
		case t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}"):
			depth--
		case depth > 0:
		case t.Kind == TokPunct && !t.Is(src, ".") && !t.Is(src, "::"):
			return false
		case t.Kind == TokKeyword && !(t.Is(src, "this") || t.Is(src, "super") || t.Is(src, "new") || t.Is(src, "class") || t.Is(src, "null")):
			return false
		}
		if depth < 0 {
			return false
		}
	}
	return depth == 0
}

// CastReceiver starts the receiver of a call on a cast: "((Foo) x).m()" is recorded as
// [CastReceiver "Foo"]. The cast is checked when it runs, so the receiver is a Foo.
const CastReceiver = "cast"

// castType reads the parenthesised expression toks[open..close] as a cast applied to its
// whole operand, "((Foo<X>) a.b(c)[i])", and returns the erased type as written ("Foo",
// "a.b.Foo", "Foo[]"). ok is false for anything else, including a cast applied to only part
// of the expression ("(Foo) a + b", "(Flag) f ? x : y"), whose value may be another type,
// and primitive casts.
func castType(src []byte, toks []Token, open, close int) (string, bool) {
	k := open + 1
	if k >= close || !toks[k].Is(src, "(") {
		return "", false
	}
	k = skipAnnotations(src, toks, k+1, close)
	if k >= close || toks[k].Kind != TokIdent && !IsPrimitive(toks[k].Text(src)) {
		return "", false // a primitive only as an array's element type: (int[]) x
	}
	var name strings.Builder
	for {
		name.WriteString(toks[k].Text(src))
		k++
		if k < close && toks[k].Is(src, "<") {
			depth := 0
			for ; k < close; k++ {
				text := toks[k].Text(src)
				depth += strings.Count(text, "<") - strings.Count(text, ">")
				if depth <= 0 {
					break
				}
			}
			if depth != 0 {
				return "", false
			}
			k++
		}
		// Outer<T>.Inner: a member type of a generic type, erased to Outer.Inner.
		if k+1 < close && toks[k].Is(src, ".") && toks[k+1].Kind == TokIdent {
			name.WriteByte('.')
			k++
			continue
		}
		break
	}
	dims := ""
	for k+1 < close && toks[k].Is(src, "[") && toks[k+1].Is(src, "]") {
		dims += "[]"
		k += 2
	}
	if k >= close || !toks[k].Is(src, ")") || IsPrimitive(name.String()) && dims == "" {
		return "", false
	}
	// The operand: a primary with its selectors and arguments, no operator outside them.
	return name.String() + dims, k+1 < close && primaryOnly(src, toks, k+1, close)
}

// skipAnnotations returns the index of the first token from k on that is not part of a
// type annotation ("@NonNull", "@a.B(x = 1)").
func skipAnnotations(src []byte, toks []Token, k, end int) int {
	for k+1 < end && toks[k].Is(src, "@") && toks[k+1].Kind == TokIdent {
		k += 2
		for k+1 < end && toks[k].Is(src, ".") && toks[k+1].Kind == TokIdent {
			k += 2
		}
		if k < end && toks[k].Is(src, "(") {
			depth := 0
			for ; k < end; k++ {
				if toks[k].Is(src, "(") {
					depth++
				} else if toks[k].Is(src, ")") {
					if depth--; depth == 0 {
						break
					}
				}
			}
			k++
		}
	}
	return k
}

// castShaped reports whether the parenthesised expression toks[open..close] starts with a
// parenthesised group followed by an operand, "((T) x)", other than a primitive cast: a
// cast whose type castType could not read. Its value is the cast's type, not the
// operand's, so it must not be read as the operand.
func castShaped(src []byte, toks []Token, open, close int) bool {
	k := open + 1
	if k >= close || !toks[k].Is(src, "(") {
		return false
	}
	depth := 0
	shut := -1
	for m := k; m < close; m++ {
		if toks[m].Is(src, "(") {
			depth++
		} else if toks[m].Is(src, ")") {
			if depth--; depth == 0 {
				shut = m
				break
			}
		}
	}
	if shut < 0 || shut+1 >= close {
		return false
	}
	if shut == k+2 && toks[k+1].Kind == TokKeyword && IsPrimitive(toks[k+1].Text(src)) {
		return false // ((int) x): no methods to call on a primitive
	}
	next := toks[shut+1]
	switch next.Kind {
	case TokIdent, TokKeyword, TokString, TokNumber, TokChar:
		return true
	}
	return next.Is(src, "(") || next.Is(src, "!") || next.Is(src, "~")
}

// genericNew reads "new Name<...>" ending at toks[gt] (the closing ">") and returns Name.
func genericNew(src []byte, toks []Token, gt int) (string, bool) {
	depth := 0
	for k := gt; k >= 0; k-- {
		text := toks[k].Text(src)
		depth += strings.Count(text, ">") - strings.Count(text, "<")
		if depth == 0 {
			if k >= 2 && toks[k-1].Kind == TokIdent && toks[k-2].Is(src, "new") {
				return toks[k-1].Text(src), true
			}
			return "", false
		}
		if toks[k].Is(src, ";") || toks[k].Is(src, "{") || toks[k].Is(src, "(") {
			return "", false
		}
	}
	return "", false
}

// ArrayElementReceiver starts the receiver of a call on an array element: "a.b[i][j].m()"
// is recorded as [ArrayElementReceiver "2" a b], the chain naming the array and how many
// times it is indexed.
const ArrayElementReceiver = "[]"

// elementReceiver summarises an array access ending at toks[end] (its last "]"): a dotted
// chain or a call result indexed one or more times, or "?" for anything else (an array
// created in place).
func elementReceiver(src []byte, toks []Token, end int, calls []Call, at []int, depth int) []string {
	dims, j := 0, end
	for j >= 0 && toks[j].Is(src, "]") {
		if j = matchingOpen(src, toks, j, "[", "]"); j <= 0 {
			return []string{"?"}
		}
		dims++
		j--
	}
	var array []string
	switch {
	case toks[j].Is(src, ")") && depth < 4:
		array = parenReceiver(src, toks, j, calls, at, depth+1) // m()[i], (x.rows)[i]
	case toks[j].Kind == TokIdent && !(j > 0 && toks[j-1].Is(src, "new")):
		array = receiverChain(src, toks, j)
	default:
		return []string{"?"} // an array created in place, indexed
	}
	if array[0] == "?" {
		return array
	}
	return append([]string{ArrayElementReceiver, strconv.Itoa(dims)}, array...)
}

// ClassLiteralReceiver is the receiver of a call on a class literal (Foo.class.getName()).
const ClassLiteralReceiver = "#class"

// receiverChain collects the dotted names ending at toks[end]: "a.b.c" → [a b c].
// untypedLambdaParam reports whether toks[i] is a parameter of a lambda whose parameters
// are names only, in parentheses: (a, b) -> ….
func untypedLambdaParam(src []byte, toks []Token, i int) bool {
	open := i - 1
	for open >= 1 && toks[open].Is(src, ",") && toks[open-1].Kind == TokIdent {
		open -= 2
	}
	if open < 0 || !toks[open].Is(src, "(") {
		return false
	}
	end := i + 1
	for end+1 < len(toks) && toks[end].Is(src, ",") && toks[end+1].Kind == TokIdent {
		end += 2
	}
	return end+1 < len(toks) && toks[end].Is(src, ")") && toks[end+1].Is(src, "->")
}

// genericTypeStart returns, when toks[end] closes the type arguments of a type name
// (Traversable<T>, Map.Entry<K, V>), the index of that name's last identifier, else -1.
func genericTypeStart(src []byte, toks []Token, end int) int {
	if !toks[end].Is(src, ">") && !toks[end].Is(src, ">>") {
		return -1
	}
	depth := 0
	for j := end; j >= 0; j-- {
		switch {
		case toks[j].Is(src, ">"):
			depth++
		case toks[j].Is(src, ">>"):
			depth += 2
		case toks[j].Is(src, "<"):
			depth--
		case toks[j].Kind == TokIdent, toks[j].Is(src, ","), toks[j].Is(src, "."), toks[j].Is(src, "?"),
			toks[j].Is(src, "["), toks[j].Is(src, "]"), toks[j].Is(src, "&"):
		default:
			return -1 // not a type's arguments: a comparison or a shift
		}
		if depth == 0 {
			if j > 0 && toks[j-1].Kind == TokIdent {
				return j - 1
			}
			return -1
		}
		if depth < 0 {
			return -1
		}
	}
	return -1
}

func receiverChain(src []byte, toks []Token, end int) []string {
	start := end
	for start >= 2 && toks[start-1].Is(src, ".") && (toks[start-2].Kind == TokIdent || toks[start-2].Is(src, "this") || toks[start-2].Is(src, "super")) {
		start -= 2
	}
	if start >= 2 && toks[start-1].Is(src, ".") {
		return []string{"?"} // chain hangs off a call or expression
	}
	var chain []string
	for j := start; j <= end; j += 2 {
		chain = append(chain, toks[j].Text(src))
	}
	return chain
}

// scanDecl recognises "Type name" followed by = ; : , or ) at toks[i] (the type's last
// identifier position is i-?); it is called on every identifier and answers for the
// declared name at toks[i].
func scanDecl(src []byte, toks []Token, i int) (LocalVar, bool) {
	if i+1 >= len(toks) || i == 0 {
		return LocalVar{}, false
	}
	// C-style array brackets after the name (double data[] = ..) belong to the type.
	k, nameDims := i+1, ""
	for k+2 < len(toks) && toks[k].Is(src, "[") && toks[k+1].Is(src, "]") {
		k += 2
		nameDims += "[]"
	}
	next := toks[k]
	if !(next.Is(src, "=") || next.Is(src, ";") || next.Is(src, ":") || next.Is(src, ",") || next.Is(src, ")")) {
		return LocalVar{}, false
	}
	// Walk back over the type: ident(.ident)* <...>? ([])*
	j := i - 1
	for j >= 1 && toks[j].Is(src, "]") && toks[j-1].Is(src, "[") {
		j -= 2
	}
	if j >= 0 && toks[j].Is(src, ">") {
		depth := 0
		for ; j >= 0; j-- {
			if toks[j].Is(src, ">") {
				depth++
			} else if toks[j].Is(src, "<") {
				depth--
				if depth == 0 {
					j--
					break
				}
			} else if toks[j].Is(src, ";") || toks[j].Is(src, "{") || toks[j].Is(src, "=") {
				return LocalVar{}, false
			}
		}
	}
	if j < 0 || !(toks[j].Kind == TokIdent || IsPrimitive(toks[j].Text(src))) {
		return LocalVar{}, false
	}
	typeEnd := j
	for j >= 2 && toks[j-1].Is(src, ".") && toks[j-2].Kind == TokIdent {
		j -= 2
	}
	before := ""
	if j > 0 {
		before = toks[j-1].Text(src)
	}
	switch before {
	case "", "{", "}", ";", "(", "final", ",", ">", "instanceof", ")",
		// a field of an anonymous or local class declared in the body
		"private", "protected", "public", "static", "transient", "volatile":
	case "|":
		return LocalVar{Name: toks[i].Text(src)}, true // multi-catch: type unknown
	default:
		if !(toks[j-1].Kind == TokPunct && before == "@") && toks[j-1].Kind != TokIdent {
			return LocalVar{}, false
		}
		if toks[j-1].Kind == TokIdent && !isAnnotationArg(src, toks, j-1) {
			return LocalVar{}, false
		}
	}
	// The type keeps its qualifier (Map.Entry): its simple name may be a project type's
	// that is not in scope here.
	written := string(src[toks[j].Start:toks[i-1].End])
	typ := EraseType(written)
	if q := eraseQualified(written); strings.Contains(q, ".") {
		typ = q
	}
	var args []string
	if !strings.HasSuffix(typ, "]") && nameDims == "" {
		args = TypeArgs(written)
	}
	typ += nameDims
	if toks[typeEnd].Is(src, "var") {
		typ, args = "", nil
		if next.Is(src, "=") && i+3 < len(toks) && toks[i+2].Is(src, "new") && toks[i+3].Kind == TokIdent {
			// var c = new Outer.Inner(): the whole qualified name.
			k := i + 3
			for k+2 < len(toks) && toks[k+1].Is(src, ".") && toks[k+2].Kind == TokIdent {
				k += 2
			}
			typ = string(src[toks[i+3].Start:toks[k].End])
		}
	}
	return LocalVar{Name: toks[i].Text(src), Type: typ, Args: args}, true
}

func isAnnotationArg(src []byte, toks []Token, k int) bool {
	return k > 0 && toks[k-1].Is(src, "@")
}

// IsPrimitive reports whether s names a primitive type other than void.
func IsPrimitive(s string) bool {
	switch s {
	case "int", "long", "short", "byte", "char", "boolean", "float", "double":
		return true
	}
	return false
}

// chainMiddle reports whether the identifier at toks[i] is a field selected in the middle of
// a chain ("Factory.INSTANCE.split()", "a.b.c"): the call, selection or method reference the
// chain ends in resolves it on its receiver, so it is no unqualified name. Not before ".new"
// (outer.inner.new Inner()), whose creation keeps no receiver chain.
func chainMiddle(src []byte, toks []Token, i int) bool {
	return i > 0 && toks[i-1].Is(src, ".") && i+2 < len(toks) && toks[i+1].Is(src, ".") && !toks[i+2].Is(src, "new")
}

// escapingValue reports whether the name at toks[i] ends an expression whose whole value
// is handed on: assigned ("x = F;"), returned, the body of a lambda, picked by a ternary,
// or passed as an argument to a call that may keep it. Not an operand of an operator, a
// receiver or selection head, a for-each's iterated collection, a parenthesized condition,
// or an argument of a library call that only reads its argument (addAll, new ArrayList<>(F)).
// A value stored whole into a field ("this.f = F;", "f = F;") returns that field's name.
func escapingValue(src []byte, toks []Token, i int) (bool, string) {
	if i+1 >= len(toks) {
		return false, ""
	}
	switch toks[i+1].Text(src) {
	case ";", ")", ",", ":", "?", "}":
	default:
		return false, ""
	}
	j := i // the chain's first token: walk back over "a." and "this."
	for j >= 2 && toks[j-1].Is(src, ".") && (toks[j-2].Kind == TokIdent || toks[j-2].Is(src, "this")) {
		j -= 2
	}
	if j == 0 {
		return false, ""
	}
	switch prev := toks[j-1].Text(src); prev {
	case "=":
		if toks[i+1].Is(src, ";") {
			return true, storedField(src, toks, j-1)
		}
		return true, ""
	case ":":
		open := enclosingParen(src, toks, j-1)
		return open < 1 || !toks[open-1].Is(src, "for"), ""
	case "(", ",":
		open := enclosingParen(src, toks, j-1)
		if open < 1 {
			return true, ""
		}
		before := toks[open-1]
		if conditionKeywords[before.Text(src)] {
			return false, "" // if (..), while (..), synchronized (..), switch (..)
		}
		if before.Is(src, ">") { // new ArrayList<>(F), new HashMap<K, V>(F)
			if k := AngleOpen(src, toks, open-1); k >= 2 && toks[k-2].Is(src, "new") {
				return !readOnlyCopies[toks[k-1].Text(src)], ""
			}
			return true, ""
		}
		if before.Kind == TokIdent {
			if open >= 2 && toks[open-2].Is(src, "new") {
				return !readOnlyCopies[before.Text(src)], ""
			}
			return !readOnlyConsumers[before.Text(src)], ""
		}
		return true, ""
	default:
		// An operand of an operator reads the value; anything else (return, ->, ?, a
		// cast, a chain off a call's result) may hand it on.
		return !operators[prev], ""
	}
}

// conditionKeywords open parentheses whose value is only tested or locked, not kept
// (return (F), this(F) and super(F) hand it on).
var conditionKeywords = map[string]bool{"if": true, "while": true, "for": true, "switch": true, "synchronized": true}

// operators are the tokens after which a name is an operand that is only read.
var operators = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "%": true, "==": true, "!=": true, "<": true, ">": true,
	"<=": true, ">=": true, "&&": true, "||": true, "!": true, "&": true, "|": true, "^": true, "~": true,
	"instanceof": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "&=": true, "|=": true,
	"^=": true, "<<": true, "++": true, "--": true,
}

// valueChain is the dotted chain as written that ends at toks[i] ("this.CACHE",
// "Owner.CACHE", "CACHE"); "?." and the name when it hangs off a call or an expression.
func valueChain(src []byte, toks []Token, i int) string {
	chain := receiverChain(src, toks, i)
	if len(chain) == 1 && chain[0] == "?" {
		return "?." + toks[i].Text(src)
	}
	return strings.Join(chain, ".")
}

// storedField returns the field an assignment whose "=" is toks[eq] stores into when it is
// a statement of the form "this.f =" or "f =", else "".
func storedField(src []byte, toks []Token, eq int) string {
	k := eq - 1
	if k < 0 || toks[k].Kind != TokIdent {
		return ""
	}
	start := k
	if k >= 2 && toks[k-1].Is(src, ".") && toks[k-2].Is(src, "this") {
		start = k - 2
	}
	if start == 0 || toks[start-1].Is(src, ";") || toks[start-1].Is(src, "{") || toks[start-1].Is(src, "}") {
		return toks[k].Text(src)
	}
	return ""
}

// enclosingParen returns the index of the unmatched "(" before toks[k], or -1.
func enclosingParen(src []byte, toks []Token, k int) int {
	depth := 0
	for j := k; j >= 0; j-- {
		switch toks[j].Text(src) {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			if depth == 0 {
				if toks[j].Is(src, "(") {
					return j
				}
				return -1
			}
			depth--
		}
	}
	return -1
}

// readOnlyConsumers are library methods that read an argument and keep no reference to
// it, or only behind a read-only view: copying into the receiver, comparing, wrapping.
var readOnlyConsumers = map[string]bool{
	"addAll": true, "putAll": true, "containsAll": true, "removeAll": true, "retainAll": true, "copyOf": true,
	"unmodifiableList": true, "unmodifiableSet": true, "unmodifiableMap": true, "unmodifiableCollection": true,
	"unmodifiableSortedSet": true, "unmodifiableSortedMap": true, "unmodifiableNavigableSet": true, "unmodifiableNavigableMap": true,
}

// readOnlyCopies are JDK collections whose constructors copy a collection argument.
var readOnlyCopies = map[string]bool{
	"ArrayList": true, "LinkedList": true, "HashSet": true, "LinkedHashSet": true, "TreeSet": true,
	"HashMap": true, "LinkedHashMap": true, "TreeMap": true, "ConcurrentHashMap": true, "ArrayDeque": true,
	"EnumMap": true, "IdentityHashMap": true, "CopyOnWriteArrayList": true, "CopyOnWriteArraySet": true,
}

// newTypeName reports whether the identifier at toks[i] ends the type name of a class
// instance creation: new Foo(..) or new a.b.Foo(..).
func newTypeName(src []byte, toks []Token, i int) bool {
	for i >= 2 && toks[i-1].Is(src, ".") && toks[i-2].Kind == TokIdent {
		i -= 2
	}
	if i >= 3 && toks[i-1].Kind == TokIdent && toks[i-2].Is(src, "@") {
		i -= 2 // new @A Foo(..)
	}
	return i > 0 && toks[i-1].Is(src, "new")
}

// mayThrowPunct are operators that can throw by themselves: integer division or remainder
// by zero, an array index out of bounds (or a negative array size).
var mayThrowPunct = map[string]bool{"/": true, "%": true, "/=": true, "%=": true, "[": true}

// referenceCast reports whether the "(" at toks[i] opens a cast to a reference type,
// "(Name)" or "(a.b.Name<..>)" followed by an operand, which may throw ClassCastException.
func referenceCast(src []byte, toks []Token, i int) bool {
	j := i + 1
	if j >= len(toks) || toks[j].Kind != TokIdent {
		return false
	}
	for j+2 < len(toks) && toks[j+1].Is(src, ".") && toks[j+2].Kind == TokIdent {
		j += 2
	}
	j++
	if j < len(toks) && toks[j].Is(src, "<") {
		j = skipAngles(src, toks, j)
	}
	if j+1 >= len(toks) || !toks[j].Is(src, ")") {
		return false
	}
	next := toks[j+1]
	return next.Kind == TokIdent || next.Kind == TokString || next.Kind == TokNumber || next.Is(src, "(") ||
		next.Is(src, "this") || next.Is(src, "new")
}

// arithPrefix starts the summary of an arithmetic argument: its operands, comma-separated,
// each a simple name or a literal type ("#int"), whose binary numeric promotion is the
// argument's type (see memberCtx.arithValue).
const arithPrefix = "#arith:"

// arithSummary summarizes toks[from:to] when it is arithmetic on simple names and number
// literals (+ - * / %, unary minus, parentheses, casts to a primitive type), so that
// overloads such as abs(int)/abs(double) can be told apart: FastMath.abs(x1 - x0). It
// returns "" for anything else.
func arithSummary(src []byte, toks []Token, from, to int) string {
	var operands []string
	sawOperator := false
	expectOperand := true
	for j := from; j < to; j++ {
		t := toks[j]
		text := t.Text(src)
		switch {
		case expectOperand && (text == "(") && j+2 < to && toks[j+1].Kind == TokKeyword && primitives[toks[j+1].Text(src)] && toks[j+2].Is(src, ")"):
			// A cast to a primitive type: it types the operand that follows, a name or a number.
			if j+3 >= to || !(toks[j+3].Kind == TokIdent || toks[j+3].Kind == TokNumber) || (j+4 < to && (toks[j+4].Is(src, ".") || toks[j+4].Is(src, "(") || toks[j+4].Is(src, "["))) {
				return ""
			}
			operands = append(operands, "#"+toks[j+1].Text(src))
			j += 3
			expectOperand = false
		case expectOperand && text == "(":
			// A parenthesized operand: its inside joins the operands.
		case !expectOperand && text == ")":
		case expectOperand && text == "-":
			sawOperator = true // unary minus
		case expectOperand && t.Kind == TokNumber:
			operands = append(operands, numberLiteralType(text))
			expectOperand = false
		case expectOperand && t.Kind == TokChar:
			operands = append(operands, "#char")
			expectOperand = false
		case expectOperand && t.Kind == TokIdent:
			if j+1 < to && (toks[j+1].Is(src, ".") || toks[j+1].Is(src, "(") || toks[j+1].Is(src, "[")) {
				return "" // a field, call or element: not typed here
			}
			operands = append(operands, text)
			expectOperand = false
		case !expectOperand && (text == "+" || text == "-" || text == "*" || text == "/" || text == "%"):
			sawOperator = true
			expectOperand = true
		default:
			return ""
		}
	}
	if !sawOperator || expectOperand || len(operands) == 0 {
		return ""
	}
	return arithPrefix + strings.Join(operands, ",")
}

// fileNameLiteral reports whether a string literal (with its quotes) may name a file or a
// class: plain characters with a dot before the last part ("rules.xml", "/a/b/c.properties",
// "a.b.Outer$Inner"), returned unquoted.
func fileNameLiteral(lit string) (string, bool) {
	if len(lit) < 4 || lit[0] != '"' || len(lit) > 256 {
		return "", false
	}
	name := lit[1 : len(lit)-1]
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 || strings.HasSuffix(name[:dot], "/") {
		return "", false
	}
	for _, c := range name {
		if !(c == '.' || c == '/' || c == '-' || c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return "", false
		}
	}
	for _, c := range name[dot+1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c == '_') {
			return "", false
		}
	}
	return name, true
}
