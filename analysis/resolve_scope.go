package analysis

import "strings"

// typeResult is what a written type name denotes.
type typeResult struct {
	ids []string // project types the name may denote (several only when it is ambiguous)
	lib bool     // the name certainly denotes a type outside the project, or a primitive
	// wide: the name is in scope by no rule the index follows, so ids are every project
	// type of that simple name; it may as well be a library type, such as a member type
	// inherited from a library supertype (Entry in a subclass of AbstractMap).
	wide bool
}

// known reports whether the name was pinned down, inside or outside the project.
func (r typeResult) known() bool { return len(r.ids) > 0 || r.lib }

// javaLang lists java.lang types (and a few ubiquitous others) that are never project types
// unless a project type of that name is in scope first.
var javaLang = map[string]bool{
	"Object": true, "String": true, "Integer": true, "Long": true, "Short": true, "Byte": true,
	"Character": true, "Boolean": true, "Double": true, "Float": true, "Number": true, "Void": true,
	"Math": true, "StrictMath": true, "System": true, "Thread": true, "Runnable": true, "Class": true,
	"Enum": true, "Record": true, "Iterable": true, "Comparable": true, "CharSequence": true,
	"StringBuilder": true, "StringBuffer": true, "Throwable": true, "Exception": true, "Error": true,
	"RuntimeException": true, "IllegalArgumentException": true, "IllegalStateException": true,
	"NullPointerException": true, "UnsupportedOperationException": true, "ClassCastException": true,
	"IndexOutOfBoundsException": true, "ArithmeticException": true, "InterruptedException": true,
	"CloneNotSupportedException": true, "NumberFormatException": true, "AssertionError": true,
	"AutoCloseable": true, "Cloneable": true, "Override": true, "Deprecated": true,
	"SuppressWarnings": true, "FunctionalInterface": true, "SafeVarargs": true, "ThreadLocal": true,
	"Process": true, "ProcessBuilder": true, "Runtime": true, "ClassLoader": true,
	"ThreadGroup": true, "InheritableThreadLocal": true, "Appendable": true, "Readable": true,
	"StackTraceElement": true, "StackWalker": true, "Package": true, "Module": true, "ModuleLayer": true,
	"ClassValue": true, "ProcessHandle": true, "SecurityManager": true,
	"ReflectiveOperationException": true, "ClassNotFoundException": true, "IllegalAccessException": true,
	"InstantiationException": true, "NoSuchFieldException": true, "NoSuchMethodException": true,
	"ArrayIndexOutOfBoundsException": true, "StringIndexOutOfBoundsException": true, "ArrayStoreException": true,
	"NegativeArraySizeException": true, "SecurityException": true, "IllegalMonitorStateException": true,
	"IllegalThreadStateException": true, "IllegalCallerException": true, "EnumConstantNotPresentException": true,
	"TypeNotPresentException": true, "LinkageError": true, "ExceptionInInitializerError": true,
	"NoClassDefFoundError": true, "IncompatibleClassChangeError": true, "VirtualMachineError": true,
	"OutOfMemoryError": true, "StackOverflowError": true, "InternalError": true, "UnknownError": true,
	"ThreadDeath": true,
}

// primitives are the types that never resolve to a project type.
var primitives = map[string]bool{
	"int": true, "long": true, "short": true, "byte": true, "char": true, "boolean": true,
	"float": true, "double": true, "void": true,
}

// looksLikeTypeVariable guesses that a name is a type parameter (T, K, V, E1, ID): erased
// generics leave these in return and field types, and they must stay unknown.
func looksLikeTypeVariable(n string) bool {
	if n == "" || len(n) > 3 {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// resolveTypeName resolves a written type name (simple or dotted, array dimensions ignored)
// in the scope of file f and context type ctx ("" for the file level), in Java's order:
// enclosing types and their member types (own and inherited), single-type imports, the
// same package, on-demand imports, java.lang. A name that cannot be pinned down falls back
// to every project type of that simple name, so that no edge is lost. supersOf gives the
// direct project supertypes of a type; d (may be nil) records what was looked at.
func resolveTypeName(s *Snapshot, idx *index, supersOf func(string) []string, f *File, ctx, name string, d *deps) typeResult {
	name = strings.TrimSuffix(strings.TrimSuffix(name, "..."), "[]")
	for strings.HasSuffix(name, "[]") {
		name = strings.TrimSuffix(name, "[]")
	}
	if name == "" || primitives[name] || name == "var" {
		return typeResult{lib: true}
	}
	if strings.IndexByte(name, '.') >= 0 {
		return resolveDottedType(s, idx, supersOf, f, ctx, name, d)
	}
	d.name(name)
	// Enclosing types, their member types, and member types inherited by them.
	for cur := ctx; cur != ""; {
		t := s.Type(cur)
		if t == nil {
			break
		}
		d.typ(cur)
		if t.Name == name {
			return typeResult{ids: []string{cur}}
		}
		if s.Type(cur+"."+name) != nil {
			return typeResult{ids: []string{cur + "." + name}}
		}
		if id := inheritedMemberType(s, supersOf, cur, name, d); id != "" {
			return typeResult{ids: []string{id}}
		}
		cur = t.Outer
	}
	for _, imp := range f.Imports {
		if imp.OnDemand || !(imp.Name == name || strings.HasSuffix(imp.Name, "."+name)) {
			continue
		}
		if s.Type(imp.Name) != nil {
			return typeResult{ids: []string{imp.Name}}
		}
		if !imp.Static {
			return typeResult{lib: true}
		}
	}
	if id := qualify(f.Package, name); s.Type(id) != nil {
		return typeResult{ids: []string{id}}
	}
	var found []string
	libDemand := false
	for _, imp := range f.Imports {
		if !imp.OnDemand {
			continue
		}
		if id := imp.Name + "." + name; s.Type(id) != nil {
			if !hasString(found, id) {
				found = append(found, id)
			}
		} else if !imp.Static && !idx.hasPackage(s, imp.Name, d) {
			libDemand = true
		}
	}
	if len(found) > 0 {
		return typeResult{ids: found}
	}
	if javaLang[name] {
		return typeResult{lib: true}
	}
	if cands := idx.byName[name]; len(cands) > 0 {
		return typeResult{ids: cands, wide: true} // not in scope: broken code or a missed rule; match widely
	}
	if libDemand && !looksLikeTypeVariable(name) {
		return typeResult{lib: true}
	}
	return typeResult{}
}

// resolveDottedType resolves "a.b.C" or "Outer.Inner".
func resolveDottedType(s *Snapshot, idx *index, supersOf func(string) []string, f *File, ctx, name string, d *deps) typeResult {
	segs := strings.Split(name, ".")
	d.name(segs[len(segs)-1])
	if s.Type(name) != nil {
		return typeResult{ids: []string{name}}
	}
	head := resolveTypeName(s, idx, supersOf, f, ctx, segs[0], d)
	var out []string
	for _, base := range head.ids {
		cur := base
		for _, seg := range segs[1:] {
			next := cur + "." + seg
			if s.Type(next) == nil {
				next = inheritedMemberType(s, supersOf, cur, seg, d)
			}
			cur = next
			if cur == "" {
				break
			}
		}
		if cur != "" && !hasString(out, cur) {
			out = append(out, cur)
		}
	}
	if len(out) > 0 {
		return typeResult{ids: out}
	}
	if head.lib || (segs[0] != "" && segs[0][0] >= 'a' && segs[0][0] <= 'z') {
		return typeResult{lib: true} // a library type, qualified or nested
	}
	return typeResult{}
}

// inheritedMemberType finds a member type called name in the project supertypes of typ.
func inheritedMemberType(s *Snapshot, supersOf func(string) []string, typ, name string, d *deps) string {
	seen := map[string]bool{typ: true}
	queue := append([]string(nil), supersOf(typ)...)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if seen[cur] {
			continue
		}
		seen[cur] = true
		d.typ(cur)
		if id := cur + "." + name; s.Type(id) != nil {
			return id
		}
		queue = append(queue, supersOf(cur)...)
	}
	return ""
}

// hasPackage reports whether some project type lives in package (or type) pkg, which
// decides whether an on-demand import may bring in project types.
func (idx *index) hasPackage(s *Snapshot, pkg string, d *deps) bool {
	d.name("package:" + pkg)
	return idx.packages[pkg] || s.Type(pkg) != nil
}

func qualify(pkg, name string) string {
	if pkg == "" {
		return name
	}
	return pkg + "." + name
}
