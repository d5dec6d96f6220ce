package analysis

// MemberKind says what kind of declaration a Member is. Its string form is used in JSON.
type MemberKind string

// Member kinds, as they appear in the CLI's JSON "kind" field.
const (
	KindType        MemberKind = "type"
	KindMethod      MemberKind = "method"
	KindConstructor MemberKind = "constructor"
	KindField       MemberKind = "field"
	KindInitializer MemberKind = "initializer"
)

// File is everything assertlens keeps of one parsed Java source file. It is immutable once
// built: snapshots share File values between versions.
type File struct {
	Path        string   // slash-separated, relative to the workspace root
	ContentHash uint64   // xxhash of the raw bytes
	Package     string   // "" for the default package
	Imports     []Import // in source order
	Types       []*Type  // every named type in the file, outer types before inner ones
	Test        bool     // lives in a test source set
	ParseErrors []ParseError
	Lines       int
}

// Import is one import declaration.
type Import struct {
	Name     string // qualified name without ".*"
	Static   bool
	OnDemand bool // ends with ".*"
}

// ParseError is a syntax error found by tree-sitter, 1-based line.
type ParseError struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Type is a class, interface, enum, record or annotation type.
type Type struct {
	ID         string   // pkg.Outer.Inner
	Name       string   // simple name
	Kind       string   // class, interface, enum, record, annotation
	Outer      string   // id of the enclosing type, "" for top level
	Extends    []string // erased simple names, as written minus qualifiers
	Implements []string
	// QualifiedSupers holds Extends then Implements as written (erased, with qualifiers
	// such as "Outer.Inner"); nil when no name is qualified. See SupertypeNames.
	QualifiedSupers []string
	Annotations     []string // simple names
	Modifiers       []string // non-access modifiers
	Access          string   // public, protected, private or ""
	HeadHash        uint64   // modifiers (without access), annotations, name, type params, supertypes
	Line            int
	EndLine         int
	Members         []*Member // in source order
	Broken          bool      // the type's text contains a syntax error
	// TypeParams are the type's own type parameters (class Box<T extends Item>).
	TypeParams []TypeParam
	// SuperArgs holds, for each supertype in SupertypeNames order, the erased simple names
	// of its type arguments ("" for a wildcard); nil when no supertype has any.
	SuperArgs [][]string
}

// TypeParam is a declared type parameter with the erased simple name of its first bound
// ("" when it has none, that is Object) and that bound's type arguments, as TypeArgs gives
// them (T extends Elem<T> has Bound "Elem" and BoundArgs [T]).
type TypeParam struct {
	Name      string
	Bound     string
	BoundArgs []string
}

// typeParam returns the parameter of params called name.
func typeParam(params []TypeParam, name string) (TypeParam, bool) {
	for _, p := range params {
		if p.Name == name {
			return p, true
		}
	}
	return TypeParam{}, false
}

// SupertypeNames returns the supertypes named in the declaration, extends first, with
// their qualifiers: "extends AbstractFormatter.Builder" must not resolve to the declaring
// type when that is itself called Builder.
func (t *Type) SupertypeNames() []string {
	if t.QualifiedSupers != nil {
		return t.QualifiedSupers
	}
	return append(append([]string{}, t.Extends...), t.Implements...)
}

// Member is a method, constructor, field, enum constant or initializer.
type Member struct {
	ID     string
	Kind   MemberKind
	Name   string
	Params []string // erased simple parameter types
	// QualifiedParams holds, per parameter, its type as written with a qualifier
	// ("java.util.stream.Stream", erased; "" for one written without), nil when no
	// parameter has one: overload resolution must not read such a Stream as the project's.
	QualifiedParams []string
	Varargs         bool
	ReturnType      string // erased simple name; "" for constructors, fields keep their type here
	// QualifiedType is ReturnType as written with its qualifier ("OptionFormatter.Builder")
	// when it has one; the resolver prefers it, since the simple name may mean another
	// type in scope.
	QualifiedType string
	// TypeArgs are the type arguments of ReturnType as written, erased ("" for a wildcard),
	// nil when it has none: a field List<Cell> cells has [Cell].
	TypeArgs []string
	// TypeParams are a generic method's own type parameters (<T extends Item> T pick()).
	TypeParams  []TypeParam
	Annotations []string
	Modifiers   []string
	Access      string
	Throws      []string
	SigHash     uint64 // signature without access modifier and throws clause
	BodyHash    uint64 // body tokens (field: initializer)
	ThrowsHash  uint64
	Line        int
	EndLine     int
	BodyLine    int // first line of the body, 0 when there is none
	Start, End  int // byte range of the whole declaration
	BodyStart   int // byte range of the body (block, initializer expression)
	BodyEnd     int
	Broken      bool // the member's text contains a syntax error
	Refs        Refs // what the body refers to, for the dependency graph
	// StringConst is the value of a static final String field initialized with one string
	// literal ("clone"), "" for any other member.
	StringConst string
}

// MayReflect reports whether the code looks members up reflectively by a name the scan did
// not read as a literal: a computed one, or a constant's.
func (r *Refs) MayReflect() bool { return r.Reflective || len(r.ReflectiveConsts) > 0 }

// Static reports whether the member carries the static modifier.
func (m *Member) Static() bool { return hasString(m.Modifiers, "static") }

// HasAnnotation reports whether the member is annotated with the simple name.
func (m *Member) HasAnnotation(name string) bool { return hasString(m.Annotations, name) }

// HasAnnotation reports whether the type is annotated with the simple name.
func (t *Type) HasAnnotation(name string) bool { return hasString(t.Annotations, name) }

// Abstract reports whether the type is abstract (interfaces count as abstract).
func (t *Type) Abstract() bool { return t.Kind == "interface" || hasString(t.Modifiers, "abstract") }

// Member returns the member with the given id, or nil.
func (t *Type) Member(id string) *Member {
	for _, m := range t.Members {
		if m.ID == id {
			return m
		}
	}
	return nil
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Refs records the references made by a member's text, cut from its tokens. It is what
// the dependency graph resolves; anything it cannot pin down stays by name so the graph can
// match it widely.
type Refs struct {
	Calls  []Call     // method and constructor calls
	Names  []string   // identifiers read or written that are not calls (fields, locals, types)
	Types  []string   // type names used (new, casts, X.class, declarations, static receivers)
	Locals []LocalVar // declared locals and parameters with their written types
	// EarlyNames are the Names also used above every declaration of a local of the same
	// name: there they name a field (Java scopes a local from its declaration on).
	EarlyNames []string
	Strings    []string // string constants passed to reflection (forName, getMethod, ...)
	Reflective bool     // a reflective lookup whose name is not a constant
	// ReflectiveConsts are the constants (FIELD, as written) reflective lookups take their
	// name from (getMethod(METHOD_CLONE)): the graph reads their values (Member.StringConst),
	// and a lookup by one it cannot read counts as Reflective.
	ReflectiveConsts []string
	Selects          []Select // field accesses: qualified reads/writes and unqualified writes (see Select)
	ClassLits        []string // class literals X.class, dotted as written ("a.b.X")
	// FileNames are the string literals that look like a file or class name ("rules.xml",
	// "/a/b.properties", "a.b.Impl"): the code may load that resource and make the classes
	// it names (see Snapshot.ResourceTypes), or load that class by its name.
	FileNames  []string
	LocalTypes bool // the body declares a local class, interface, enum or record
	// StaticOnly are the names of Types mentioned only as the head of static calls
	// (StringUtils.isBlank(s)): no value of such a type appears in the text, except what
	// those calls return.
	StaticOnly []string
	// Escapes are the values (dotted chains as written: "CACHE", "Owner.CACHE", "?.CACHE"
	// off a call's result) the member hands on whole:
	// assigns, returns, passes to a call that may keep it, or picks in a ternary. A static
	// container the member only calls read-only methods on, and never hands on, is one it
	// cannot fill (see Graph.StaticStateWriters). A value only stored into a field
	// ("this.f = F;") is in Stores instead.
	Escapes []string
	Stores  []Store
	// MayThrow says the code holds an operation that can throw by itself: a division or
	// remainder, an array access or creation, a cast to a reference type, throw or assert.
	MayThrow bool
	// FreeFns says the code writes a lambda or method reference other than as a call's
	// argument (see freeFunctions): its functional interface is the type of what it is
	// assigned to, cast to or returned as.
	FreeFns bool
	// Lambdas are the lambdas written as call arguments whose parameters carry no type:
	// what they are depends on the callee (see LambdaArg).
	Lambdas []LambdaArg
}

// LambdaArg is a lambda written as argument Pos of Calls[Call] with untyped parameters
// Params ("(k, v) -> .." or "x -> .."); the calls of its body are Calls[First:End]. A
// library callee whose receiver's type arguments are known types them (Map<K, V>.forEach
// hands its lambda a K and a V; see libraryLambdaParams).
type LambdaArg struct {
	Call, Pos  int
	Params     []string
	First, End int
}

// Store is a whole value assigned to a field of the member's own object or class:
// "this.f = F;" or "f = F;" (Field "f", Value "F" as a dotted chain, as in Refs.Escapes).
type Store struct {
	Value, Field string
}

// Call is one call site: receiver expression summary, method name and argument count.
type Call struct {
	Receiver []string // dotted receiver chain as written ("this", "foo", "Bar", "x.y"); nil for unqualified; ["()"] marks a call result
	Name     string   // method name; "<init>" for new/this()/super()
	Arity    int
	Line     int
	New      string // for constructor calls, the type name as written
	Super    bool   // super.m() or super(...)
	This     bool   // this(...) constructor call
	MethRef  bool   // method reference X::m (arity unknown: -1)
	ArgNames []string
	// Args summarizes each argument when the scanner can type it from its tokens alone: a
	// plain name, a literal ("#int", "#long", "#float", "#double", "#char", "#boolean",
	// "#String", "#null"), a string concatenation ("#String"), "new:X" for new X(..),
	// arithmetic on names ("#arith:…"), "()k" for the result of Calls[k] (an argument that
	// is a call or a chain ending in one), or "" when unknown. Nil when the argument list
	// was not read.
	Args []string
	Anon bool // new X(..) { .. }: an anonymous class whose body is part of this member
	// FnArgs are the positions of arguments written as a lambda or a method reference:
	// making one initializes its functional interface when that declares default methods.
	FnArgs []int
}

// LocalVar is a local variable or parameter declaration with its erased simple type and,
// for a generic type, its type arguments as TypeArgs gives them (List<Cell> has [Cell]).
type LocalVar struct {
	Name string
	Type string
	Args []string
	Line int // the line declaring it; 0 for a method's parameters
}

// MemberAt returns the innermost member of the file whose text holds line (1-based): where
// a lambda body or an anonymous class's method lives in the source. Nil when none does.
func (f *File) MemberAt(line int) *Member {
	var best *Member
	for _, t := range f.Types {
		for _, m := range t.Members {
			if m.Line <= line && line <= m.EndLine && (best == nil || m.EndLine-m.Line < best.EndLine-best.Line) {
				best = m
			}
		}
	}
	return best
}
