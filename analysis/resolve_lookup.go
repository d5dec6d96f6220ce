package analysis

import "strings"

// resolver reads one snapshot through its index. It is the shared part of the per-file
// resolution and of the public ResolveCall/ResolveNames: type names, member lookups along
// the hierarchy, and project-wide matches by name. d (may be nil) records what was read.
type resolver struct {
	s    *Snapshot
	idx  *index
	d    *deps
	memo map[typeKey]typeResult
	// callbacks memoizes callbackTargets by type id.
	callbacks map[string][]string
	// binds memoizes bind (the dependencies it records stay in d, which is per resolver).
	binds map[bindKey]bindResult
	// isolated memoizes isolatedConstants by type id.
	isolated map[string]map[string]bool
	// testClasses memoizes inTestClass by type id: it is asked at every call a test makes.
	testClasses map[string]bool
}

type bindKey struct{ recv, target, param string }

type bindResult struct {
	b  binding
	ok bool
}

type typeKey struct{ file, ctx, name string }

func newResolver(s *Snapshot, idx *index, d *deps) *resolver {
	return &resolver{s: s, idx: idx, d: d, memo: map[typeKey]typeResult{}, callbacks: map[string][]string{},
		binds: map[bindKey]bindResult{}, isolated: map[string]map[string]bool{}, testClasses: map[string]bool{}}
}

func (r *resolver) supersOf(id string) []string { return r.idx.supers[id] }

// typeIn resolves a written type name in the scope of file f and context type ctx.
func (r *resolver) typeIn(f *File, ctx, name string) typeResult {
	if f == nil {
		return typeResult{}
	}
	k := typeKey{f.Path, ctx, name}
	if res, ok := r.memo[k]; ok {
		return res // the first lookup already recorded its dependencies in r.d
	}
	res := resolveTypeName(r.s, r.idx, r.supersOf, f, ctx, name, r.d)
	r.memo[k] = res
	return res
}

// member returns the member a ref points at, or nil.
func (r *resolver) member(ref memberRef) *Member {
	t := r.s.Type(ref.typ)
	if t == nil || ref.i >= len(t.Members) {
		return nil
	}
	return t.Members[ref.i]
}

// hierarchy returns typ followed by its project ancestors, nearest first, recording them.
func (r *resolver) hierarchy(typ string) []string {
	r.d.typ(typ)
	anc := r.idx.ancestors[typ]
	for _, a := range anc {
		r.d.typ(a)
	}
	return append([]string{typ}, anc...)
}

// arityFits reports whether a call with n arguments (-1: any) may bind to m.
func arityFits(m *Member, n int) bool {
	if n < 0 {
		return true
	}
	p := len(m.Params)
	if m.Varargs {
		return n >= p-1
	}
	return n == p
}

// findField finds the field called name declared in typ or inherited by it.
func (r *resolver) findField(typ, name string) (memberRef, bool) {
	for _, cur := range r.hierarchy(typ) {
		t := r.s.Type(cur)
		if t == nil {
			continue
		}
		for i, m := range t.Members {
			if m.Kind == KindField && m.Name == name {
				return memberRef{cur, i}, true
			}
		}
	}
	return memberRef{}, false
}

// findMethods finds the methods called name with a fitting arity that typ declares or
// inherits (an inherited method overridden nearer is left out: the graph's override edges
// lead to the nearer one). argTypes (may be nil) narrows overloads when known.
func (r *resolver) findMethods(typ, name string, arity int, argTypes []valType) []memberRef {
	var found []memberRef
	var sigs []string
	for _, cur := range r.hierarchy(typ) {
		t := r.s.Type(cur)
		if t == nil {
			continue
		}
		for i, m := range t.Members {
			if m.Kind == KindMethod && m.Name == name && arityFits(m, arity) {
				sig := strings.Join(m.Params, ",")
				if hasString(sigs, sig) {
					continue
				}
				if bound, ok := r.boundSignature(typ, cur, m); ok && cur != typ && hasString(sigs, bound) {
					// Overridden nearer down once the ancestor's type parameters are bound
					// as typ binds them (Elem<T>'s add(T) by Frac's add(Frac)): dispatch
					// never runs the ancestor's declaration.
					continue
				}
				sigs = append(sigs, sig)
				found = append(found, memberRef{cur, i})
			}
		}
	}
	return r.narrowOverloads(found, argTypes)
}

// constructors returns the constructors of typ that fit arity, narrowed by argTypes (may
// be nil) as overloads are; a class without declared constructors has its implicit one,
// named by implicitConstructor.
func (r *resolver) constructors(typ string, arity int, argTypes []valType) []string {
	r.d.typ(typ)
	t := r.s.Type(typ)
	if t == nil || t.Kind == "interface" || t.Kind == "annotation" {
		return nil
	}
	var all []string
	var fit []memberRef
	for i, m := range t.Members {
		if m.Kind == KindConstructor {
			all = append(all, m.ID)
			if arityFits(m, arity) {
				fit = append(fit, memberRef{typ, i})
			}
		}
	}
	switch {
	case len(fit) > 0:
		fit = r.narrowOverloads(fit, argTypes)
		ids := make([]string, len(fit))
		for i, ref := range fit {
			ids[i] = r.member(ref).ID
		}
		return ids
	case len(all) > 0:
		return all // no fitting arity: broken code or a miscount; keep every one
	}
	return []string{implicitConstructor(t)}
}

// implicitConstructor names the constructor a type without declared constructors gets:
// "T#<init>()" for classes and enums, the canonical "T#<init>(A,B)" for records. The graph
// uses it as a node that carries the field initializers and the implicit super() call.
func implicitConstructor(t *Type) string {
	var params []string
	if t.Kind == "record" {
		for _, m := range t.Members {
			if m.Kind == KindField && !m.Static() {
				params = append(params, m.ReturnType)
			}
		}
	}
	return t.ID + "#<init>(" + strings.Join(params, ",") + ")"
}

// globalMethods returns every project method called name with a fitting arity.
func (r *resolver) globalMethods(name string, arity int) []string {
	r.d.method(name)
	var out []string
	for _, ref := range r.idx.methods[name] {
		if m := r.member(ref); m != nil && arityFits(m, arity) {
			out = append(out, m.ID)
		}
	}
	return out
}

// globalFields returns every project field called name.
func (r *resolver) globalFields(name string) []string {
	r.d.field(name)
	var out []string
	for _, ref := range r.idx.fields[name] {
		if m := r.member(ref); m != nil {
			out = append(out, m.ID)
		}
	}
	return out
}

// libraryFieldNames are the names libraryFields holds (a quick test before the walk).
var libraryFieldNames = map[string]bool{}

// libraryFields are the protected fields JDK classes hand down to subclasses, by the class
// that has them, with their types: FilterInputStream's in is an InputStream.
var libraryFields = func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for field, classes := range map[[2]string][]string{
		{"in", "InputStream"}: {"FilterInputStream", "BufferedInputStream", "PushbackInputStream", "DataInputStream",
			"CheckedInputStream", "DigestInputStream", "InflaterInputStream", "GZIPInputStream", "ZipInputStream"},
		{"out", "OutputStream"}: {"FilterOutputStream", "BufferedOutputStream", "DataOutputStream", "PrintStream",
			"CheckedOutputStream", "DigestOutputStream", "DeflaterOutputStream", "GZIPOutputStream", "ZipOutputStream"},
		{"in", "Reader"}:  {"FilterReader", "PushbackReader"},
		{"out", "Writer"}: {"FilterWriter", "PrintWriter"},
	} {
		libraryFieldNames[field[0]] = true
		for _, c := range classes {
			if out[c] == nil {
				out[c] = map[string]string{}
			}
			out[c][field[0]] = field[1]
		}
	}
	return out
}()

// inheritedLibraryField returns the library type of the field name that typ, or a type
// enclosing it, inherits from a JDK superclass (see libraryFields): a project stream
// wrapper's in.read() is a call on a library InputStream, not a name to match.
func (r *resolver) inheritedLibraryField(typ, name string) (string, bool) {
	if !libraryFieldNames[name] {
		return "", false
	}
	for cur := typ; cur != ""; {
		r.d.typ(cur)
		for _, a := range append([]string{cur}, r.idx.ancestors[cur]...) {
			r.d.typ(a)
			t := r.s.Type(a)
			if t == nil {
				continue
			}
			for _, written := range t.Extends {
				if len(r.typeIn(r.s.FileOf(a), a, written).ids) > 0 {
					continue
				}
				if ft, ok := libraryFields[LibraryTypeName(written)][name]; ok {
					return ft, true
				}
			}
		}
		t := r.s.Type(cur)
		if t == nil {
			break
		}
		cur = t.Outer
	}
	return "", false
}

// exposedToLibrary says whether code holding an object as a library type may run a method
// declared in project type typ: the object's class is typ or a project subtype of it, and
// has a library supertype (beyond Object) to be held as one. Enums, records and
// annotations have one by definition.
func (r *resolver) exposedToLibrary(typ string) bool {
	for _, id := range append([]string{typ}, r.idx.allSubtypes(typ)...) {
		r.d.typ(id)
		r.d.sub(id)
		if r.idx.libSuper[id] {
			return true
		}
		if t := r.s.Type(id); t == nil || t.Kind != "class" && t.Kind != "interface" {
			return true
		}
	}
	return false
}

// subtypeOverrides returns the methods called name (fitting arity) declared in the
// transitive project subtypes of typ: the targets dynamic dispatch may pick.
func (r *resolver) subtypeOverrides(typ, name string, arity int) []string {
	r.d.sub(typ)
	var out []string
	for _, sub := range r.idx.allSubtypes(typ) {
		t := r.s.Type(sub)
		if t == nil {
			continue
		}
		for _, m := range t.Members {
			if m.Kind == KindMethod && m.Name == name && !m.Static() && arityFits(m, arity) {
				out = append(out, m.ID)
			}
		}
	}
	return out
}

// objectMethodNames are java.lang.Object's methods: a call to one of them that no project type
// declares is a library call, not a sign of broken code.
var objectMethodNames = map[string]bool{
	"toString": true, "equals": true, "hashCode": true, "getClass": true, "clone": true,
	"finalize": true, "notify": true, "notifyAll": true, "wait": true,
}

// enumImplicit reports whether name is a static method every enum has without declaring
// it (values, valueOf) and typ is an enum.
func (r *resolver) enumImplicit(typ, name string) bool {
	if name != "values" && name != "valueOf" {
		return false
	}
	r.d.typ(typ)
	t := r.s.Type(typ)
	return t != nil && t.Kind == "enum"
}

// enumConstants returns the enum constants of typ (the static final fields typed by the enum
// whose initializer creates it).
func (r *resolver) enumConstants(typ string) []string {
	r.d.typ(typ)
	t := r.s.Type(typ)
	if t == nil {
		return nil
	}
	var out []string
	for _, m := range t.Members {
		if m.Kind == KindField && m.ReturnType == t.Name && m.Static() {
			out = append(out, m.ID)
		}
	}
	return out
}

// boundSignature is the parameter list of m, declared by the ancestor decl of typ, with
// decl's type parameters replaced by what typ's supertypes bind them to; false when no
// parameter changes.
func (r *resolver) boundSignature(typ, decl string, m *Member) (string, bool) {
	t := r.s.Type(decl)
	if typ == decl || t == nil || len(t.TypeParams) == 0 {
		return "", false
	}
	params := make([]string, len(m.Params))
	changed := false
	for i, p := range m.Params {
		params[i] = p
		elem, dims := strings.CutSuffix(p, "[]")
		if hasTypeParam(m.TypeParams, elem) || !hasTypeParam(t.TypeParams, elem) {
			continue
		}
		if b, ok := r.bind(typ, decl, elem); ok {
			params[i] = b.name
			if dims {
				params[i] += "[]"
			}
			changed = true
		}
	}
	return strings.Join(params, ","), changed
}
