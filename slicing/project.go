package slicing

import (
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// project is the read-only view of a snapshot that discovery and slicing share: source
// bytes, types by simple name, methods by name, and the memo of effect proofs.
type project struct {
	snap     *analysis.Snapshot
	read     func(rel string) ([]byte, error)
	opts     Options
	extra    map[string]bool
	srcs     map[string][]byte
	bySimple map[string][]*analysis.Type
	methods  map[string][]memberRef // by method name
	helpers  map[string]bool        // name/arity keys of asserting test-source methods
	effects  map[string]effect      // proved effect of a member id, made by this project
	// inherited are the proofs of the project this one was derived from (read-only).
	inherited map[string]effect
	// settled, when set, answers the proofs this project has not made itself, except the
	// unsettled ones: re-proving after an edit reads the proofs the edit cannot have
	// changed from there (see Discovery.proofsStillHold).
	settled   *project
	unsettled map[string]bool
	// deps record what each proof and test analysis looked up (see lookupDeps);
	// inheritedDeps are those of the project this one was derived from (read-only).
	deps, inheritedDeps map[string]lookupDeps
	frames              []lookupDeps                 // records being made, innermost last
	supers              map[string]bool              // types whose tests subclasses inherit
	heads               map[string][]string          // class head tokens of the discovery being built
	runsMemo            map[*analysis.Type][]testRun // runs per type, for this project and heads
	subs                map[string][]*analysis.Type
	anon                map[string]map[string]bool // see anonymousSubclassed
	anonOther           map[string]bool            // see subclassedOtherwise
	redirects           *bool                      // see redirectsOutput
	cycles              *proofCycles               // recursive proofs in progress (nil between proofs)
	// collSubs holds the JDK collection types project code extends or implements ("*":
	// any), see collectionOverrides.
	collSubs map[string]bool
	// jdkSubs holds, per JDK collection or builder type, the concrete project classes that
	// extend or implement it, see projectImplementations.
	jdkSubs map[string][]*analysis.Type
	// throwables maps the project classes extending a JDK throwable to its name, see
	// throwableCallbacks (nil: not worked out yet).
	throwables map[*analysis.Type]string
	// handlers holds the invocation handler classes dynamic proxies may run, see
	// proxyHandlerTypes (nil: not worked out yet).
	handlers *proxyHandlerSet
	// anonObjects holds the members making anonymous subclasses of Object, see
	// anonymousObjectMembers (nil: not worked out yet).
	anonObjects *anonymousObjects
	// spring is the snapshot's Spring components (see springComponents), nil until asked.
	spring *springComponentsOf
	// inheritedCBs holds the callbacks project classes inherit from library classes, see
	// inheritedCallbacks (nil: not worked out yet).
	inheritedCBs *inheritedCallbackSites
	// values remembers valueClass per type; mocks whether a file names a mocking library
	// (nil: not worked out yet).
	values map[*analysis.Type]valueAnswer
	mocks  *bool
	// exactFields remembers exactField per field and file content.
	exactFields map[string]bool
	// supersMemo holds the supertypes of the types asked for in this project's snapshot
	// (deep hierarchies ask for the same ones for every call they dispatch).
	supersMemo map[*analysis.Type]supersOf
	// deferLambdas reads a lambda that does not run where it is written (stored in a
	// field, returned, handed to project code that does not run it) as running nowhere, and
	// every run of a function value the body did not receive as unknown: what a kept
	// lambda does happens where it runs, which is then unknown. Only for questions about
	// one run of a body (InitializerWrites); summaries of other projects read lambdas
	// where they are written.
	deferLambdas bool
}

// memberRef is a member together with the type that declares it.
type memberRef struct {
	m *analysis.Member
	t *analysis.Type
}

func newProject(s *analysis.Snapshot, read func(string) ([]byte, error), opts Options) *project {
	p := &project{snap: s, read: read, opts: opts, extra: map[string]bool{}, srcs: map[string][]byte{},
		bySimple: map[string][]*analysis.Type{}, methods: map[string][]memberRef{},
		helpers: map[string]bool{}, effects: map[string]effect{}}
	for _, n := range opts.ExtraAssertions {
		p.extra[n] = true
	}
	for _, rel := range s.SortedPaths() {
		for _, t := range s.Files[rel].Types {
			p.bySimple[t.Name] = append(p.bySimple[t.Name], t)
			for _, m := range t.Members {
				if m.Kind == analysis.KindMethod {
					p.methods[m.Name] = append(p.methods[m.Name], memberRef{m, t})
				}
			}
		}
	}
	p.computeHelpers()
	return p
}

// newBareProject is newProject without the assertion helpers: enough to find tests.
func newBareProject(s *analysis.Snapshot, read func(string) ([]byte, error)) *project {
	p := &project{snap: s, read: read, extra: map[string]bool{}, srcs: map[string][]byte{},
		bySimple: map[string][]*analysis.Type{}, methods: map[string][]memberRef{},
		helpers: map[string]bool{}, effects: map[string]effect{}}
	for _, rel := range s.SortedPaths() {
		for _, t := range s.Files[rel].Types {
			p.bySimple[t.Name] = append(p.bySimple[t.Name], t)
		}
	}
	return p
}

// source returns the bytes of a file, read once.
func (p *project) source(rel string) ([]byte, error) {
	if b, ok := p.srcs[rel]; ok {
		return b, nil
	}
	b, err := p.read(rel)
	if err != nil {
		return nil, err
	}
	p.srcs[rel] = b
	return b, nil
}

// fileOf returns the file declaring a type.
func (p *project) fileOf(t *analysis.Type) *analysis.File { return p.snap.FileOf(t.ID) }

// resolve finds the project types a simple (or qualified) type name written in from may
// denote: nested and enclosing types first, then the same package, then imports; when none
// of those match, every project type of that simple name.
func (p *project) resolve(from *analysis.Type, name string) []*analysis.Type {
	name = analysis.EraseType(name)
	name = strings.TrimRight(name, "[]")
	if i := strings.IndexByte(name, '.'); i > 0 {
		return p.resolveQualified(from, name, i)
	}
	p.note("T:" + name)
	cands := p.bySimple[name]
	if len(cands) == 0 {
		return nil
	}
	if from != nil {
		for o := from; o != nil; o = p.snap.Type(o.Outer) {
			for _, c := range cands {
				if c.ID == o.ID+"."+name || c.ID == o.ID {
					return []*analysis.Type{c}
				}
			}
			if o.Outer == "" {
				break
			}
		}
		if p.importsLibraryType(from, name) {
			return nil // import java.io.ByteArrayOutputStream: not the project's class of that name
		}
	}
	if len(cands) == 1 {
		return cands
	}
	if from != nil {
		if f := p.fileOf(from); f != nil {
			for _, imp := range f.Imports {
				for _, c := range cands {
					if !imp.OnDemand && imp.Name == c.ID {
						return []*analysis.Type{c}
					}
				}
			}
			for _, c := range cands {
				if c.ID == qualify(f.Package, name) {
					return []*analysis.Type{c}
				}
			}
		}
	}
	return cands
}

// resolveWritten resolves a class name as written in a class literal, its qualifier kept
// (Outer.Inner, pkg.Cls): resolve reads only the simple name, which may name nested
// classes of other types too.
func (p *project) resolveWritten(from *analysis.Type, name string) []*analysis.Type {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return p.resolveQualified(from, name, i)
	}
	return p.resolve(from, name)
}

// importsLibraryType reports whether the file declaring from imports, by a single-type
// import, a class called name that is no project type: that import hides every project
// class of the name but those nested in scope.
func (p *project) importsLibraryType(from *analysis.Type, name string) bool {
	f := p.fileOf(from)
	if f == nil {
		return false
	}
	for _, imp := range f.Imports {
		if !imp.OnDemand && !imp.Static && strings.HasSuffix(imp.Name, "."+name) && p.snap.Type(imp.Name) == nil {
			return true
		}
	}
	return false
}

// importsJDK reports whether the file declaring from imports the JDK class pkg.name, by
// name or with its package, and no other class of that name by name: a simple name there
// is that class unless a project type takes it (resolve first).
func (p *project) importsJDK(from *analysis.Type, pkg, name string) bool {
	f := p.fileOf(from)
	if f == nil {
		return false
	}
	found := false
	for _, imp := range f.Imports {
		switch {
		case imp.Static:
		case !imp.OnDemand && imp.Name == pkg+"."+name:
			return true
		case !imp.OnDemand && strings.HasSuffix(imp.Name, "."+name):
			return false
		case imp.OnDemand && imp.Name == pkg:
			found = true
		}
	}
	return found
}

// resolveQualified resolves a dotted name: a fully qualified project type, or a type
// resolved from its first segment followed by nested types ("AbstractMapTest.EntrySetTest").
// Names it cannot place resolve to nothing, as library types do.
func (p *project) resolveQualified(from *analysis.Type, name string, dot int) []*analysis.Type {
	last := name[strings.LastIndexByte(name, '.')+1:]
	p.note("T:" + last)
	if t := p.snap.Type(name); t != nil {
		return []*analysis.Type{t}
	}
	var out []*analysis.Type
	for _, head := range p.resolve(from, name[:dot]) {
		if t := p.snap.Type(head.ID + name[dot:]); t != nil {
			out = append(out, t)
		}
	}
	return out
}

func qualify(pkg, name string) string {
	if pkg == "" {
		return name
	}
	return pkg + "." + name
}

// supertypes returns the project supertypes of t (classes and interfaces), transitively,
// nearest first.
func (p *project) supertypes(t *analysis.Type) []*analysis.Type {
	if m, ok := p.supersMemo[t]; ok {
		for _, n := range m.lookups {
			p.note(n)
		}
		return m.types
	}
	// Resolving the names is recorded as lookups of whoever asks.
	var out []*analysis.Type
	lookups := p.memoLookups(func() { out = p.walkSupertypes(t) })
	if p.supersMemo == nil {
		p.supersMemo = map[*analysis.Type]supersOf{}
	}
	p.supersMemo[t] = supersOf{types: out, lookups: lookups}
	return out
}

// supersOf is a memo of supertypes: the types and the lookups made to find them.
type supersOf struct {
	types   []*analysis.Type
	lookups []string
}

// walkSupertypes is supertypes without the memo.
func (p *project) walkSupertypes(t *analysis.Type) []*analysis.Type {
	var out []*analysis.Type
	seen := map[string]bool{t.ID: true}
	queue := []*analysis.Type{t}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range cur.SupertypeNames() {
			for _, s := range p.superOf(cur, n) {
				if !seen[s.ID] {
					seen[s.ID] = true
					out = append(out, s)
					queue = append(queue, s)
				}
			}
		}
	}
	return out
}

// superOf resolves a supertype name written in t's declaration. A type cannot extend
// itself, so where the name would mean t (a nested class extending the like-named nested
// class of its outer class's superclass, written "Outer.Inner" but kept as its simple
// name), it means a member type inherited by an enclosing class, else another type of that
// name.
func (p *project) superOf(t *analysis.Type, name string) []*analysis.Type {
	cands := p.resolve(t, name)
	self := false
	for _, c := range cands {
		self = self || c == t
	}
	if !self {
		return cands
	}
	simpleName := analysis.EraseType(name)
	var others []*analysis.Type
	for _, c := range p.bySimple[simpleName] {
		if c != t {
			others = append(others, c)
		}
	}
	for o := p.snap.Type(t.Outer); o != nil; o = p.snap.Type(o.Outer) {
		for _, s := range p.supertypes(o) {
			for _, c := range others {
				if c.ID == s.ID+"."+simpleName {
					return []*analysis.Type{c}
				}
			}
		}
		if o.Outer == "" {
			break
		}
	}
	return others
}

// extendsExternal reports whether t's class chain ends in a non-project superclass named
// one of names (TestCase for JUnit 3).
func (p *project) extendsExternal(t *analysis.Type, names ...string) bool {
	seen := map[string]bool{}
	for cur := t; cur != nil && !seen[cur.ID]; {
		seen[cur.ID] = true
		if len(cur.Extends) == 0 || cur.Kind != "class" {
			return false
		}
		sup := p.superOf(cur, cur.Extends[0])
		if len(sup) == 0 {
			for _, n := range names {
				if cur.Extends[0] == n {
					return true
				}
			}
			return false
		}
		cur = sup[0]
	}
	return false
}

// fieldType returns the declared type of field name visible in t (own, enclosing or
// inherited project fields), or "" when t declares none.
func (p *project) field(t *analysis.Type, name string) *analysis.Member {
	for _, c := range append([]*analysis.Type{t}, p.supertypes(t)...) {
		p.note("F:" + c.ID + "#" + name)
		for _, m := range c.Members {
			if m.Kind == analysis.KindField && m.Name == name {
				return m
			}
		}
	}
	if t.Outer != "" {
		if o := p.snap.Type(t.Outer); o != nil {
			return p.field(o, name)
		}
	}
	return nil
}

// fieldNames returns every field name visible in t: own, inherited from project types, and
// of enclosing types.
func (p *project) fieldNames(t *analysis.Type) map[string]string {
	out := map[string]string{}
	for cur := t; cur != nil; {
		for _, c := range append([]*analysis.Type{cur}, p.supertypes(cur)...) {
			p.note("FT:" + c.ID)
			for _, m := range c.Members {
				if m.Kind == analysis.KindField {
					if _, ok := out[m.Name]; !ok {
						out[m.Name] = m.ReturnType
					}
				}
			}
		}
		if cur.Outer == "" {
			break
		}
		cur = p.snap.Type(cur.Outer)
	}
	return out
}

// methodsIn returns the methods an unqualified call of name with arity args written in t
// may reach: declared in t, its project supertypes or its enclosing types.
func (p *project) methodsIn(t *analysis.Type, name string, arity int) []memberRef {
	var out []memberRef
	for cur := t; cur != nil; {
		out = append(out, p.methodsOf(cur, name, arity)...)
		if cur.Outer == "" {
			break
		}
		cur = p.snap.Type(cur.Outer)
	}
	return out
}

// methodsOf returns the methods named name callable with arity args on a receiver of type
// t (x.name(…), T.name(…)): declared in t or its project supertypes. An enclosing type's
// methods are no members of t: Option.Builder's hasArg() is not Option's hasArg().
func (p *project) methodsOf(t *analysis.Type, name string, arity int) []memberRef {
	var out []memberRef
	for _, c := range append([]*analysis.Type{t}, p.supertypes(t)...) {
		p.note("M:" + c.ID + "#" + name)
		for _, m := range c.Members {
			if m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) {
				out = append(out, memberRef{m, c})
			}
		}
	}
	return out
}

// methodsNamed returns every project method of that name and arity, whatever its type:
// the over-approximation used for dynamic dispatch.
func (p *project) methodsNamed(name string, arity int) []memberRef {
	p.note("M:" + name)
	var out []memberRef
	for _, r := range p.methods[name] {
		if arityOK(r.m, arity) {
			out = append(out, r)
		}
	}
	return out
}

func arityOK(m *analysis.Member, arity int) bool {
	if arity < 0 {
		return true
	}
	if m.Varargs {
		return arity >= len(m.Params)-1
	}
	return len(m.Params) == arity
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
