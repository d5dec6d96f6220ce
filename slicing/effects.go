package slicing

import (
	"bytes"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// effect is what a call may read and change, as far as can be proved from source: a set
// of the flags below. The zero value (effNone) is a pure call: it reads only its receiver
// and arguments and changes no state that existed before it.
type effect int8

const (
	effNone effect = 0
	// effReads: the call may read static or otherwise shared state.
	effReads effect = 1
	// effLocal: the call may change its receiver and its arguments.
	effLocal effect = 2
	// effWrites: the call may change static or otherwise shared state.
	effWrites effect = 4
	// effGlobal: nothing is known; the call may read and change anything.
	effGlobal = effReads | effLocal | effWrites
)

// writes reports whether e may change any state.
func (e effect) writes() bool { return e&(effLocal|effWrites) != 0 }

func maxEffect(a, b effect) effect { return a | b }

// recvKind classifies the receiver of a call for effect proofs.
type recvKind int8

const (
	recvUnknown       recvKind = iota
	recvUnqualified            // m(), this.m(), super.m()
	recvValue                  // an immutable JDK value (String, boxed numbers)
	recvPureStatic             // a JDK class whose static methods are pure (Math)
	recvFramework              // an assertion framework class (Assert, Assertions, Mockito)
	recvCollection             // a JDK data structure that only changes itself and its arguments
	recvProject                // an instance of a project type
	recvProjectStatic          // a project type name (static call)
)

var valueTypes = map[string]bool{
	"String": true, "Integer": true, "Long": true, "Short": true, "Byte": true, "Double": true,
	"Float": true, "Boolean": true, "Character": true, "BigDecimal": true, "BigInteger": true,
	"int": true, "long": true, "short": true, "byte": true, "double": true, "float": true,
	"boolean": true, "char": true, "Optional": true, "Class": true, "UUID": true,
}

var pureStatics = map[string]bool{
	"Math": true, "StrictMath": true, "Integer": true, "Long": true, "Double": true, "Float": true,
	"Short": true, "Byte": true, "Boolean": true, "Character": true, "String": true, "Objects": true,
	"BigDecimal": true, "BigInteger": true, "List": true, "Set": true, "Map": true, "Arrays": true,
	"Collections": true, "Optional": true, "TimeUnit": false,
}

var frameworkTypes = map[string]bool{
	"Assert": true, "Assertions": true, "MatcherAssert": true, "Truth": true, "Truth8": true,
	"Mockito": true, "TestCase": true, "Assume": true, "Assumptions": true, "BDDAssertions": true,
	"ComparisonFailure": false,
}

var collectionTypes = map[string]bool{
	"List": true, "ArrayList": true, "LinkedList": true, "Map": true, "HashMap": true,
	"TreeMap": true, "LinkedHashMap": true, "Set": true, "HashSet": true, "TreeSet": true,
	"LinkedHashSet": true, "Collection": true, "Deque": true, "ArrayDeque": true, "Queue": true,
	"StringBuilder": true, "StringBuffer": true, "Iterator": true, "AtomicInteger": true,
	"AtomicLong": true, "AtomicBoolean": true, "AtomicReference": true, "SortedMap": true,
	"SortedSet": true, "NavigableMap": true, "Stack": true, "Vector": true,
}

// collectionReads are JDK collection and builder methods that change nothing (Map.get is
// left out: it reorders an access-ordered LinkedHashMap).
var collectionReads = map[string]bool{
	"size": true, "isEmpty": true, "contains": true, "containsKey": true, "containsValue": true,
	"containsAll": true, "indexOf": true, "lastIndexOf": true, "equals": true, "hashCode": true,
	"toString": true, "length": true, "charAt": true, "peek": true, "intValue": true,
}

var freshJDK = map[string]bool{
	"Object": true, "String": true, "StringBuilder": true, "StringBuffer": true, "ArrayList": true,
	"LinkedList": true, "HashMap": true, "LinkedHashMap": true, "TreeMap": true, "HashSet": true,
	"LinkedHashSet": true, "TreeSet": true, "ArrayDeque": true, "Integer": true, "Long": true,
	"Double": true, "BigDecimal": true, "BigInteger": true, "AtomicInteger": true, "AtomicLong": true,
	"AtomicBoolean": true, "AtomicReference": true, "Exception": true, "RuntimeException": true,
	"IllegalArgumentException": true, "IllegalStateException": true, "UnsupportedOperationException": true,
	"NullPointerException": true, "ArithmeticException": true, "IndexOutOfBoundsException": true,
	"AssertionError": true, "Error": true, "IOException": true, "Random": true,
}

// receiver is a resolved call receiver.
type receiver struct {
	kind  recvKind
	types []*analysis.Type
}

// resolveChain types a dotted receiver chain written in from, given the local variable
// types in scope. It follows project fields; anything it cannot follow is recvUnknown.
func (p *project) resolveChain(from *analysis.Type, locals map[string]string, chain []string) receiver {
	if len(chain) == 0 {
		return receiver{kind: recvUnqualified}
	}
	chain = stripPackage(from, locals, chain, p)
	head := chain[0]
	var cur receiver
	switch {
	case head == "this" || head == "super":
		if len(chain) == 1 {
			return receiver{kind: recvUnqualified}
		}
		cur = receiver{kind: recvProject, types: []*analysis.Type{from}}
	case head == "()" || head == "?" || head == "new":
		if head == "new" && len(chain) == 2 {
			return p.typeReceiver(from, chain[1], false)
		}
		return receiver{}
	default:
		if typ, ok := locals[head]; ok {
			cur = p.typeReceiver(from, typ, false)
		} else if f := p.fieldOf(from, head); f != nil {
			cur = p.typeReceiver(from, f.ReturnType, false)
		} else if len(p.resolve(from, head)) > 0 {
			cur = receiver{kind: recvProjectStatic, types: p.resolve(from, head)}
		} else if len(chain) == 1 && pureStatics[head] {
			return receiver{kind: recvPureStatic}
		} else if len(chain) == 1 && frameworkTypes[head] {
			return receiver{kind: recvFramework}
		} else {
			return receiver{}
		}
	}
	for _, name := range chain[1:] {
		if cur.kind != recvProject && cur.kind != recvProjectStatic {
			return receiver{}
		}
		var next receiver
		for _, t := range cur.types {
			f := p.fieldOf(t, name)
			if f == nil {
				return receiver{}
			}
			r := p.typeReceiver(t, f.ReturnType, false)
			if next.kind != recvUnknown && r.kind != next.kind {
				return receiver{}
			}
			next.kind = r.kind
			next.types = append(next.types, r.types...)
		}
		cur = next
	}
	return cur
}

// stripPackage drops a leading package name from a qualified type name used as a
// receiver ("org.junit.Assert.assertTrue" → "Assert").
func stripPackage(from *analysis.Type, locals map[string]string, chain []string, p *project) []string {
	if len(chain) < 2 {
		return chain
	}
	if _, ok := locals[chain[0]]; ok || p.fieldOf(from, chain[0]) != nil {
		return chain
	}
	k := 0
	for k < len(chain)-1 && chain[k] != "" && chain[k][0] >= 'a' && chain[k][0] <= 'z' {
		k++
	}
	if k > 0 && isTypeName(chain[k]) {
		return chain[k:]
	}
	return chain
}

func (p *project) fieldOf(t *analysis.Type, name string) *analysis.Member {
	if t == nil {
		return nil
	}
	return p.field(t, name)
}

// typeReceiver classifies an instance of the written type typ.
func (p *project) typeReceiver(from *analysis.Type, typ string, _ bool) receiver {
	typ = analysis.EraseType(typ)
	if strings.HasSuffix(typ, "[]") || typ == "" {
		return receiver{}
	}
	if ts := p.resolve(from, typ); len(ts) > 0 {
		return receiver{kind: recvProject, types: ts}
	}
	if valueTypes[typ] {
		return receiver{kind: recvValue}
	}
	if collectionTypes[typ] {
		return receiver{kind: recvCollection}
	}
	return receiver{}
}

// callEffect is what calling name/arity on r from inside type from may change.
func (p *project) callEffect(from *analysis.Type, r receiver, name string, arity int) effect {
	switch r.kind {
	case recvValue, recvPureStatic:
		return effNone
	case recvFramework:
		if p.frameworkAssertion(name) && !mutatesArguments(name) {
			return effNone
		}
		if mutatesArguments(name) {
			return effLocal
		}
		return effGlobal
	case recvCollection:
		if len(p.methodsNamed(name, arity)) > 0 {
			return effGlobal
		}
		if collectionReads[name] {
			return effNone
		}
		return effLocal
	case recvUnqualified:
		var cands []memberRef
		if from != nil {
			cands = p.methodsIn(from, name, arity)
		}
		if len(cands) == 0 {
			if p.frameworkAssertion(name) {
				if mutatesArguments(name) {
					return effLocal
				}
				return effNone
			}
			return effGlobal
		}
		return p.allNone(cands)
	case recvProjectStatic:
		var cands []memberRef
		for _, t := range r.types {
			cands = append(cands, p.methodsIn(t, name, arity)...)
		}
		if len(cands) == 0 {
			return effGlobal
		}
		return p.allNone(cands)
	case recvProject:
		cands, ok := p.dispatch(r.types, name, arity)
		if !ok || len(cands) == 0 {
			return effGlobal
		}
		return p.allNone(cands)
	}
	return effGlobal
}

// allNone combines the effects of every candidate: any write gives up (effGlobal).
func (p *project) allNone(cands []memberRef) effect {
	e := effNone
	for _, c := range cands {
		ce := p.memberEffect(c)
		if ce.writes() {
			return effGlobal
		}
		e |= ce
	}
	return e
}

// dispatch returns every project method a call name/arity on an instance of one of types
// may run: declared or inherited by the types, or overriding in a project subtype. It
// fails (ok false) when an implementation may live outside the model: an interface
// receiver (lambdas) or a type some code subclasses anonymously.
func (p *project) dispatch(types []*analysis.Type, name string, arity int) (out []memberRef, ok bool) {
	anon := p.anonymousSubclassed()
	seen := map[string]bool{}
	add := func(rs []memberRef) {
		for _, r := range rs {
			if !seen[r.m.ID] {
				seen[r.m.ID] = true
				out = append(out, r)
			}
		}
	}
	for _, t := range types {
		if t.Kind == "interface" || anon[t.Name] {
			return nil, false
		}
		add(p.methodsIn(t, name, arity))
		for _, sub := range p.subtypes(t) {
			if anon[sub.Name] {
				return nil, false
			}
			p.note("M:" + sub.ID + "#" + name)
			for _, m := range sub.Members {
				if m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) {
					add([]memberRef{{m, sub}})
				}
			}
		}
	}
	return out, true
}

// subtypes returns the project types that extend or implement t, transitively.
func (p *project) subtypes(t *analysis.Type) []*analysis.Type {
	if p.subs == nil {
		p.subs = map[string][]*analysis.Type{}
		for _, rel := range p.snap.SortedPaths() {
			for _, x := range p.snap.Files[rel].Types {
				for _, s := range p.supertypes(x) {
					p.subs[s.ID] = append(p.subs[s.ID], x)
				}
			}
		}
	}
	return p.subs[t.ID]
}

// anonymousSubclassed returns the simple names of types that some project code subclasses
// with an anonymous class ("new T(…) {"): their methods can be overridden where the model
// does not look.
func (p *project) anonymousSubclassed() map[string]bool {
	if p.anon != nil {
		return p.anon
	}
	p.anon = map[string]bool{}
	for _, rel := range p.snap.SortedPaths() {
		src, err := p.source(rel)
		if err != nil {
			continue
		}
		for name := range anonymousIn(src) {
			p.anon[name] = true
		}
	}
	return p.anon
}

// anonymousIn returns the simple names of the types one source file subclasses anonymously.
func anonymousIn(src []byte) map[string]bool {
	out := map[string]bool{}
	if !bytes.Contains(src, []byte("new ")) {
		return out
	}
	toks := analysis.Lex(src, 0, len(src))
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].Is(src, "new") {
			continue
		}
		j, name := i+1, ""
		for j < len(toks) && (toks[j].Kind == analysis.TokIdent || toks[j].Is(src, ".")) {
			if toks[j].Kind == analysis.TokIdent {
				name = toks[j].Text(src)
			}
			j++
		}
		if j < len(toks) && toks[j].Is(src, "<") {
			for d := 0; j < len(toks); j++ {
				if toks[j].Is(src, "<") {
					d++
				} else if toks[j].Is(src, ">") {
					if d--; d == 0 {
						j++
						break
					}
				}
			}
		}
		if name == "" || j >= len(toks) || !toks[j].Is(src, "(") {
			continue
		}
		if c := matchClose(src, toks, j); c+1 < len(toks) && toks[c+1].Is(src, "{") {
			out[name] = true
		}
	}
	return out
}

// ctorEffect is what creating a new name with arity arguments may change besides the new
// object itself.
func (p *project) ctorEffect(from *analysis.Type, name string, arity int) effect {
	ts := p.resolve(from, name)
	if len(ts) == 0 {
		if freshJDK[analysis.EraseType(name)] {
			return effNone
		}
		return effGlobal
	}
	e := effNone
	for _, t := range ts {
		te := p.typeCtorEffect(t, arity)
		if te.writes() {
			return effGlobal
		}
		e |= te
	}
	return e
}

func (p *project) typeCtorEffect(t *analysis.Type, arity int) effect {
	return p.memo(t.ID+"#<new>/"+itoa(arity), func() effect { return p.computeCtorEffect(t, arity) })
}

func (p *project) computeCtorEffect(t *analysis.Type, arity int) effect {
	if t.Kind != "class" && t.Kind != "record" && t.Kind != "enum" {
		return effGlobal
	}
	if t.Outer != "" && !hasString(t.Modifiers, "static") && t.Kind == "class" {
		return effGlobal // inner instances capture the outer object
	}
	explicitSuper := false
	found := false
	acc := effNone
	for _, m := range t.Members {
		switch {
		case m.Kind == analysis.KindConstructor && arityOK(m, arity):
			found = true
			e := p.memberEffect(memberRef{m, t})
			if e.writes() {
				return effGlobal
			}
			acc |= e
			for _, c := range m.Refs.Calls {
				if c.Name == "<init>" && (c.Super || c.This) {
					explicitSuper = true
				}
			}
		case m.Kind == analysis.KindField && !m.Static() && m.BodyEnd > m.BodyStart,
			m.Kind == analysis.KindInitializer && !m.Static():
			e := p.bodyEffect(t, m, true)
			if e.writes() {
				return effGlobal
			}
			acc |= e
		}
	}
	if !found {
		hasCtors := false
		for _, m := range t.Members {
			hasCtors = hasCtors || m.Kind == analysis.KindConstructor
		}
		if hasCtors || arity != 0 && t.Kind != "record" {
			return effGlobal
		}
	}
	if !explicitSuper && len(t.Extends) > 0 && t.Kind == "class" {
		sup := p.resolve(t, t.Extends[0])
		if len(sup) == 0 {
			if !freshJDK[t.Extends[0]] {
				return effGlobal
			}
		}
		for _, s := range sup {
			e := p.typeCtorEffect(s, 0)
			if e.writes() {
				return effGlobal
			}
			acc |= e
		}
	}
	return acc
}

// memberEffect proves a method or constructor body read-only (effNone) or gives up
// (effGlobal). Constructors may assign their own instance fields.
func (p *project) memberEffect(r memberRef) effect {
	return p.memo(r.m.ID, func() effect { return p.bodyEffect(r.t, r.m, r.m.Kind == analysis.KindConstructor) })
}

// memo computes an effect once. A proof that meets a key still in progress (recursion)
// assumes the worst for it; that only makes the result coarser, so it is remembered too,
// which keeps mutual recursion linear.
func (p *project) memo(key string, compute func() effect) effect {
	if e, ok := p.proof(key); ok {
		return e
	}
	if p.busy[key] {
		return effGlobal
	}
	p.busy[key] = true
	var e effect
	p.track(key, func() { e = compute() })
	delete(p.busy, key)
	p.effects[key] = e
	return e
}

// proof returns a remembered effect, made by this project or inherited from the project it
// was derived from.
func (p *project) proof(key string) (effect, bool) {
	if e, ok := p.effects[key]; ok {
		return e, true
	}
	e, ok := p.inherited[key]
	return e, ok
}

func (p *project) bodyEffect(t *analysis.Type, m *analysis.Member, ctor bool) effect {
	if m.BodyEnd <= m.BodyStart || m.Broken || hasString(m.Modifiers, "native") {
		return effGlobal
	}
	f := p.fileOf(t)
	if f == nil {
		return effGlobal
	}
	src, err := p.source(f.Path)
	if err != nil || m.BodyEnd > len(src) {
		return effGlobal
	}
	toks := analysis.Lex(src, m.BodyStart, m.BodyEnd)
	locals := map[string]string{}
	for _, l := range m.Refs.Locals {
		locals[l.Name] = l.Type
	}
	for _, tok := range toks {
		if tok.Is(src, "->") || tok.Is(src, "::") || tok.Is(src, "class") {
			return effGlobal
		}
	}
	for _, a := range assignments(src, toks) {
		chain := a.target
		switch {
		case len(chain) == 1 && chain[0] != "this":
			if _, ok := locals[chain[0]]; ok && !a.indexed {
				continue
			}
			if ctor && !a.indexed && len(chain) == 1 {
				if fm := p.fieldOf(t, chain[0]); fm != nil && !fm.Static() {
					continue
				}
			}
		case len(chain) == 2 && chain[0] == "this" && ctor && !a.indexed:
			continue
		}
		return effGlobal
	}
	acc := p.bodyReads(t, src, toks, locals)
	need := func(e effect) bool {
		acc |= e
		return e.writes()
	}
	for _, c := range m.Refs.Calls {
		if c.Name != "<init>" || !(c.This || c.Super) {
			continue
		}
		if c.This {
			if need(p.typeCtorEffect(t, c.Arity)) {
				return effGlobal
			}
			continue
		}
		if len(t.Extends) == 0 {
			continue
		}
		sup := p.resolve(t, t.Extends[0])
		if len(sup) == 0 && !freshJDK[t.Extends[0]] {
			return effGlobal
		}
		for _, s := range sup {
			if need(p.typeCtorEffect(s, c.Arity)) {
				return effGlobal
			}
		}
	}
	// Every other call, typed through its receiver chain as in test statements.
	ctx := &scanCtx{p: p, t: t, src: src, locals: locals, fields: map[string]string{}}
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		var st *site
		switch {
		case tok.Kind == analysis.TokKeyword && tok.Is(src, "new"):
			st = ctx.ctorSite(toks, i)
			if st == nil {
				continue // array creation
			}
		case tok.Kind == analysis.TokIdent && i+1 < len(toks) && toks[i+1].Is(src, "("):
			if i > 0 && toks[i-1].Is(src, "new") {
				continue
			}
			st = ctx.callSite(toks, i, nil)
		default:
			continue
		}
		if need(st.effect) {
			return effGlobal
		}
	}
	return acc
}

// bodyReads reports effReads when a body reads shared state by name: static fields that
// are not constants of a value type, or names it cannot place.
func (p *project) bodyReads(t *analysis.Type, src []byte, toks []analysis.Token, locals map[string]string) effect {
	for i, tok := range toks {
		if tok.Kind != analysis.TokIdent {
			continue
		}
		if i > 0 && (toks[i-1].Is(src, ".") || toks[i-1].Is(src, "@") || toks[i-1].Is(src, "::")) {
			continue
		}
		if i+1 < len(toks) && (toks[i+1].Is(src, "(") || toks[i+1].Kind == analysis.TokIdent || toks[i+1].Is(src, "->")) {
			continue
		}
		name := tok.Text(src)
		if _, ok := locals[name]; ok || name == "var" || name == "length" {
			continue
		}
		if f := p.fieldOf(t, name); f != nil {
			if f.Static() && !constant(f) {
				return effReads
			}
			continue
		}
		if isTypeName(name) || pureStatics[name] {
			if i+2 < len(toks) && toks[i+1].Is(src, ".") && toks[i+2].Kind == analysis.TokIdent &&
				!(i+3 < len(toks) && toks[i+3].Is(src, "(")) {
				if pureStatics[name] {
					continue // Math.PI, Integer.MAX_VALUE
				}
				field := toks[i+2].Text(src)
				ok := false
				for _, ty := range p.resolve(t, name) {
					if f := p.fieldOf(ty, field); f != nil && constant(f) {
						ok = true
					}
				}
				if !ok && !isTypeName(field) {
					return effReads
				}
			}
			continue
		}
		if i+1 < len(toks) && toks[i+1].Is(src, "<") {
			continue // generic type in a declaration
		}
		if len(name) == 1 && name[0] >= 'A' && name[0] <= 'Z' {
			continue
		}
		return effReads
	}
	return effNone
}

// constant reports a static final field of an immutable value type.
func constant(f *analysis.Member) bool {
	return f.Static() && hasString(f.Modifiers, "final") && valueTypes[f.ReturnType]
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
