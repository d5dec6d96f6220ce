package analysis

import (
	"slices"
	"strconv"
	"strings"
)

// valType is what the resolver knows about the type of an expression.
type valType struct {
	ids     []string // project types the value (or static context) may have
	static  bool     // the expression names a type, not a value
	lib     bool     // a library, primitive or array value: no project member is reached through it
	unknown bool     // nothing is known: members are matched by name across the project
	closed  bool     // a library value of a closedLibrary type: its methods return library values
	lname   string   // a library value's erased simple type when known ("int", "String", "int[]", "null")
	elem    *valType // an array's element type, typed where the array type was written
	// opaque, with unknown, says the value's static type is a library type that cannot be
	// named (a library class's static field): a project object it holds has a library
	// supertype, so a call on it reaches only the project methods such objects may run.
	opaque bool
	// self, for a type variable typed by an F-bound (T extends Elem<T>), is the parameter
	// of the bound's type that stands for the value's own type (Elem's T): a method of the
	// bound declared to return it returns another value of the same variable.
	self *selfParam
	// args are the type arguments the value's declared type was written with, typed where
	// it was written (List<Cell> cells: [Cell]); nil when none or unknown.
	args []valType
}

// selfParam names the type parameter param of project type typ.
type selfParam struct{ typ, param string }

// closedLibrary lists library types none of whose methods can return a project object, so
// a call on one yields a library value (not an unknown one matched by name further on).
var closedLibrary = map[string]bool{
	"String": true, "StringBuilder": true, "StringBuffer": true, "Integer": true, "Long": true, "Short": true,
	"Byte": true, "Character": true, "Boolean": true, "Float": true, "Double": true, "Math": true,
	"StrictMath": true, "BigDecimal": true, "BigInteger": true, "Pattern": true, "Matcher": true,
	"Locale": true,
}

// libraryResults types the results of library methods that return a library value of a
// known type whatever the receiver holds: "Type.method" → the result's simple type. Calls
// on such results then reach no project method by name.
var libraryResults = map[string]string{
	"ResourceBundle.getLocale": "Locale", "ResourceBundle.getString": "String",
	"ResourceBundle.getBaseBundleName": "String", "ResourceBundle.containsKey": "boolean",
	"Class.getName": "String", "Class.getSimpleName": "String", "Class.getCanonicalName": "String",
	"Class.getTypeName": "String", "Class.getPackageName": "String", "Class.isInstance": "boolean",
	"Class.isAssignableFrom": "boolean", "Class.isInterface": "boolean", "Class.isArray": "boolean",
	"Class.isPrimitive": "boolean", "Class.isEnum": "boolean", "Class.getModifiers": "int",
	"Thread.getName": "String", "Thread.isAlive": "boolean", "Thread.isInterrupted": "boolean",
	"ThreadGroup.getName": "String",
	"String.length":       "int", "String.indexOf": "int", "String.lastIndexOf": "int", "String.charAt": "char",
	"String.compareTo": "int", "String.codePointAt": "int", "String.isEmpty": "boolean",
	"StringBuilder.length": "int", "StringBuilder.charAt": "char", "StringBuffer.length": "int",
	"StringBuffer.charAt":  "char",
	"BigInteger.bitLength": "int", "BigInteger.bitCount": "int", "BigInteger.signum": "int",
	"BigInteger.compareTo": "int", "BigInteger.intValue": "int", "BigInteger.longValue": "long",
	"BigInteger.doubleValue": "double", "BigInteger.floatValue": "float",
	"BigDecimal.signum": "int", "BigDecimal.scale": "int", "BigDecimal.precision": "int",
	"BigDecimal.compareTo": "int", "BigDecimal.intValue": "int", "BigDecimal.longValue": "long",
	"BigDecimal.doubleValue": "double", "BigDecimal.floatValue": "float",
	"Integer.intValue": "int", "Long.longValue": "long", "Double.doubleValue": "double",
	"Float.floatValue": "float",
}

// objectMethodResult types the result of a call to one of Object's methods by name and
// arity: every override keeps the declared result (String is final), so whatever the call
// reached, toString() is a String, hashCode() an int, equals(..) a boolean and getClass()
// a Class.
func objectMethodResult(c Call) (valType, bool) {
	switch {
	case c.Name == "toString" && c.Arity == 0:
		return valType{lib: true, closed: true, lname: "String"}, true
	case c.Name == "hashCode" && c.Arity == 0:
		return valType{lib: true, lname: "int"}, true
	case c.Name == "equals" && c.Arity == 1:
		return valType{lib: true, lname: "boolean"}, true
	case c.Name == "getClass" && c.Arity == 0:
		return valType{lib: true, lname: "Class"}, true
	}
	return valType{}, false
}

var unknownVal = valType{unknown: true}

// merge combines the possible types of two alternatives.
func (v valType) merge(o valType) valType {
	out := valType{unknown: v.unknown || o.unknown, static: v.static && o.static, lib: v.lib && o.lib, closed: v.closed && o.closed}
	libTyped := func(x valType) bool { return x.opaque || !x.unknown && x.lib && len(x.ids) == 0 }
	out.opaque = out.unknown && libTyped(v) && libTyped(o)
	if v.lname == o.lname {
		out.lname = v.lname
	}
	if v.elem != nil && o.elem != nil {
		e := v.elem.merge(*o.elem)
		out.elem = &e
	}
	if v.self != nil && o.self != nil && *v.self == *o.self {
		out.self = v.self
	}
	if len(v.args) > 0 && len(v.args) == len(o.args) {
		out.args = make([]valType, len(v.args))
		for i := range v.args {
			out.args[i] = v.args[i].merge(o.args[i])
		}
	}
	out.ids = append(out.ids, v.ids...)
	for _, id := range o.ids {
		if !hasString(out.ids, id) {
			out.ids = append(out.ids, id)
		}
	}
	if len(out.ids) > 0 {
		out.lib = false
	}
	return out
}

// target is one member a call may reach, with the edge kind and, for a guess, why.
// target is one member a call site may reach: its id, the edge kind, why the match is
// uncertain ("" when it is not), the project type the receiver is typed as when the call
// is an instance call on a known receiver (see Edge.Recv), and whether that receiver is
// this (Edge.This).
type target struct {
	id, kind, why, recv string
	this                bool
}

// callResult is the resolution of one call site.
type callResult struct {
	targets []target
	value   valType // the type of the call's result
	recv    valType // the type of its receiver, when it has one
}

// memberCtx resolves the references of one member body (or of statements given to the
// public API) in the scope of a type: its locals, its calls in order, so that receivers
// naming an earlier call ("()", k) see that call's result type.
type memberCtx struct {
	r      *resolver
	f      *File
	typ    string            // context type id
	locals map[string]string // name → written type, "" when unknown or ambiguous
	// localArgs holds the type arguments of the locals declared with them (LocalVar.Args).
	localArgs map[string][]string
	// rivals holds every declaration of the names declared more than once with different
	// types (in disjoint blocks), for localAt.
	rivals map[string][]LocalVar
	// firstDecl holds the first line declaring each local (0 for parameters), for localIn.
	firstDecl map[string]int
	// scoped: the calls are a whole member body without local classes, whose declaration
	// lines localAt may compare.
	scoped  bool
	calls   []Call
	results []*callResult
	emit    func(to, kind string, line int, why string) // field edges found while typing receivers; may be nil
	widened []string                                    // names of calls matched project-wide
	// anonScope: the calls are a whole member body without local classes, so an
	// unqualified call found in no enclosing type is a method of one of its anonymous
	// classes (declared in the body, which is this member's own code, or inherited).
	anonScope bool
	// methodParams are the type parameters of the member whose code this is.
	methodParams []TypeParam
	boundDepth   int // guards bounds naming other parameters (<A extends B, B extends A>)
	// lambdas are the code's lambda arguments with untyped parameters (Refs.Lambdas), and
	// at the index of the call being resolved (-1 outside calls): a name that is a
	// parameter of a lambda around that call is typed by the lambda's callee.
	lambdas []LambdaArg
	at      int
}

func newMemberCtx(r *resolver, typ string, locals []LocalVar, calls []Call) *memberCtx {
	mc := &memberCtx{r: r, f: r.s.FileOf(typ), typ: typ, locals: map[string]string{}, calls: calls,
		results: make([]*callResult, len(calls)), localArgs: map[string][]string{}, firstDecl: map[string]int{}, at: -1}
	for _, l := range locals {
		if first, ok := mc.firstDecl[l.Name]; !ok || l.Line < first {
			mc.firstDecl[l.Name] = l.Line
		}
		if prev, ok := mc.locals[l.Name]; ok && (prev != l.Type || !slices.Equal(mc.localArgs[l.Name], l.Args) || mc.rivals[l.Name] != nil) {
			mc.locals[l.Name] = "" // declared twice with different types: see localAt
			delete(mc.localArgs, l.Name)
			if mc.rivals == nil {
				mc.rivals = map[string][]LocalVar{}
			}
			if mc.rivals[l.Name] == nil {
				mc.rivals[l.Name] = slices.DeleteFunc(slices.Clone(locals), func(o LocalVar) bool { return o.Name != l.Name })
			}
			continue
		}
		mc.locals[l.Name] = l.Type
		if len(l.Args) > 0 {
			mc.localArgs[l.Name] = l.Args
		}
	}
	return mc
}

func (mc *memberCtx) edge(to, kind string, line int) {
	if mc.emit != nil {
		mc.emit(to, kind, line, "")
	}
}

// uncertainEdge emits an edge that is a guess, for the reason why.
func (mc *memberCtx) uncertainEdge(to, kind string, line int, why string) {
	if mc.emit != nil {
		mc.emit(to, kind, line, why)
	}
}

// typeValue turns a written type, as seen from file f inside ctx, into a value type.
func (mc *memberCtx) typeValue(f *File, ctx, written string) valType {
	var methodParams []TypeParam
	if ctx == mc.typ {
		methodParams = mc.methodParams
	}
	return mc.typeValueIn(f, ctx, written, methodParams)
}

// typeValueWithArgs is typeValueIn for a type written with type arguments (List<Cell>):
// the value carries them, typed in the same scope, so that what its methods return can be
// typed by them (see argResult and libraryGenerics).
func (mc *memberCtx) typeValueWithArgs(f *File, ctx, written string, args []string, methodParams []TypeParam) valType {
	v := mc.typeValueIn(f, ctx, written, methodParams)
	if len(args) == 0 || v.unknown || strings.HasSuffix(written, "[]") {
		return v
	}
	v.args = make([]valType, len(args))
	for i, a := range args {
		if a == "" {
			v.args[i] = unknownVal // a wildcard
			continue
		}
		v.args[i] = mc.typeValueIn(f, ctx, a, methodParams)
		v.args[i].static = false
	}
	return v
}

// typeValueIn is typeValue where methodParams are the type parameters of the method whose
// declaration wrote the type (they shadow the type's own).
func (mc *memberCtx) typeValueIn(f *File, ctx, written string, methodParams []TypeParam) valType {
	if written == "" {
		return unknownVal
	}
	if elem, ok := strings.CutSuffix(written, "[]"); ok {
		e := mc.typeValueIn(f, ctx, elem, methodParams)
		return valType{lib: true, lname: written, elem: &e}
	}
	if primitives[written] {
		return valType{lib: true, lname: written}
	}
	if p, ok := typeParam(methodParams, written); ok {
		return mc.boundValue(p, ctx)
	}
	if p, owner, ok := mc.r.paramInScope(ctx, written); ok {
		return mc.boundValue(p, owner)
	}
	tr := mc.r.typeIn(f, ctx, written)
	switch {
	case len(tr.ids) > 0:
		return valType{ids: tr.ids}
	case tr.lib:
		return valType{lib: true, closed: closedLibrary[LibraryTypeName(written)], lname: LibraryTypeName(written)}
	}
	return unknownVal
}

// memberValue is the type of a field's value or of a method's result.
func (mc *memberCtx) memberValue(ref memberRef) valType { return mc.memberValueOn(ref, "") }

// scopeField finds the field an unqualified name denotes: own and inherited fields, then
// those of enclosing types, then static imports.
func (mc *memberCtx) scopeField(name string) (memberRef, bool) {
	for cur := mc.typ; cur != ""; {
		if ref, ok := mc.r.findField(cur, name); ok {
			return ref, true
		}
		t := mc.r.s.Type(cur)
		if t == nil {
			break
		}
		cur = t.Outer
	}
	for _, typ := range mc.staticImportTypes(name) {
		if ref, ok := mc.r.findField(typ, name); ok {
			return ref, true
		}
	}
	return memberRef{}, false
}

// staticImportTypes lists the project types whose static members called name may be in
// scope through static imports: those importing it by name first, which shadow the
// on-demand ones (JTS's HilbertCodeTest imports HilbertCode.* and MortonCode.level, and
// level(1) is MortonCode's); none on demand when a library class is imported by name.
func (mc *memberCtx) staticImportTypes(name string) []string {
	if mc.f == nil {
		return nil
	}
	var single, onDemand []string
	for _, imp := range mc.f.Imports {
		if !imp.Static {
			continue
		}
		owner := imp.Name
		if !imp.OnDemand {
			if !strings.HasSuffix(imp.Name, "."+name) {
				continue
			}
			owner = strings.TrimSuffix(imp.Name, "."+name)
		}
		switch {
		case mc.r.s.Type(owner) == nil:
		case imp.OnDemand:
			onDemand = append(onDemand, owner)
		default:
			single = append(single, owner)
		}
	}
	if mc.libStaticImport(name) {
		return single
	}
	return append(single, onDemand...)
}

// libStaticImport reports whether name is imported statically, by name, from a library.
func (mc *memberCtx) libStaticImport(name string) bool {
	if mc.f == nil {
		return false
	}
	for _, imp := range mc.f.Imports {
		if imp.Static && !imp.OnDemand && strings.HasSuffix(imp.Name, "."+name) &&
			mc.r.s.Type(strings.TrimSuffix(imp.Name, "."+name)) == nil {
			return true
		}
	}
	return false
}

// superValue is the static type of "super": the project superclass, or a library one.
func (mc *memberCtx) superValue() valType {
	mc.r.d.typ(mc.typ)
	if sup := mc.r.idx.superCls[mc.typ]; sup != "" {
		return valType{ids: []string{sup}}
	}
	return valType{lib: true}
}

// receiver types a receiver chain as recorded in Call.Receiver; before bounds the calls a
// "()" receiver may name.
func (mc *memberCtx) receiver(recv []string, line, before int) valType {
	if len(recv) == 0 {
		return unknownVal
	}
	switch recv[0] {
	case "?":
		return unknownVal
	case ClassLiteralReceiver:
		// A java.lang.Class: a library object, whose methods never match project methods
		// by name. What reflection on it reaches, the class-literal edges to every member
		// of the named type cover; what its methods return (cast, newInstance) stays
		// unknown.
		return valType{lib: true, lname: "Class"}
	case "()":
		if len(recv) < 2 {
			return unknownVal
		}
		k, err := strconv.Atoi(recv[1])
		if err != nil || k < 0 || k >= before {
			return unknownVal
		}
		return mc.fieldsOn(mc.call(k).value, recv[2:], line)
	case "new", CastReceiver:
		if len(recv) < 2 {
			return unknownVal
		}
		v := mc.typeValue(mc.f, mc.typ, recv[1])
		v.static = false
		return mc.fieldsOn(v, recv[2:], line)
	case ArrayElementReceiver:
		if len(recv) < 3 {
			return unknownVal
		}
		dims, err := strconv.Atoi(recv[1])
		if err != nil {
			return unknownVal
		}
		v := mc.receiver(recv[2:], line, before)
		for range dims {
			if v.elem == nil {
				return unknownVal // not known to be an array: matched by name, as before
			}
			v = *v.elem
		}
		return v
	}
	v, rest := mc.head(recv, line)
	return mc.fieldsOn(v, rest, line)
}

// localIn returns the written type of the local n as a use on line sees it, and whether n
// names a local there at all: Java scopes a local from its declaration on, so a name used
// on a line above every declaration of a local of that name is something else (a field),
// as in s2-geometry's testEntryEquality (data.getRandomPoint() on the field data, then int
// data = 10). Lines are compared only for a whole member body (scoped) and a known line.
func (mc *memberCtx) localIn(n string, line int) (string, bool) {
	typ, ok := mc.locals[n]
	if ok && mc.scoped && line > 0 && line < mc.firstDecl[n] {
		return "", false
	}
	return typ, ok
}

// localAt picks, for a name declared more than once with different types, the declaration
// a use on line is in the scope of: Java forbids a local to shadow another, so the
// declarations are in disjoint blocks, and the nearest one above the use is the one whose
// block holds it. Not when the body declares classes (anonymous or local), whose members
// may redeclare the name inside the outer one's scope, or when the nearest line declares
// it twice: the caller then keeps the name unknown.
func (mc *memberCtx) localAt(n string, line int) (LocalVar, bool) {
	ds := mc.rivals[n]
	if len(ds) == 0 || line <= 0 || !mc.scoped || mc.hasAnon() {
		return LocalVar{}, false
	}
	var best []LocalVar
	for _, d := range ds {
		switch {
		case d.Line == 0 || d.Line > line:
		case len(best) == 0 || d.Line > best[0].Line:
			best = []LocalVar{d}
		case d.Line == best[0].Line:
			best = append(best, d)
		}
	}
	if len(best) != 1 {
		return LocalVar{}, false
	}
	return best[0], true
}

// fieldsOn types the fields segs selected one after the other on v ("m().a.b").
func (mc *memberCtx) fieldsOn(v valType, segs []string, line int) valType {
	for _, seg := range segs {
		v = mc.selectOn(v, seg, line, false)
	}
	return v
}

// head types the first element(s) of a chain and returns the segments still to select.
func (mc *memberCtx) head(recv []string, line int) (valType, []string) {
	n := recv[0]
	switch n {
	case "this":
		return valType{ids: []string{mc.typ}}, recv[1:]
	case "super":
		return mc.superValue(), recv[1:]
	}
	if v, ok := mc.lambdaParam(n); ok {
		return v, recv[1:]
	}
	if typ, ok := mc.localIn(n, line); ok {
		if l, ok := mc.localAt(n, line); ok {
			return mc.typeValueWithArgs(mc.f, mc.typ, l.Type, l.Args, mc.methodParams), recv[1:]
		}
		return mc.typeValueWithArgs(mc.f, mc.typ, typ, mc.localArgs[n], mc.methodParams), recv[1:]
	}
	if ref, ok := mc.scopeField(n); ok {
		mc.edge(mc.r.member(ref).ID, "field-read", 0)
		return mc.memberValue(ref), recv[1:]
	}
	if lt, ok := mc.r.inheritedLibraryField(mc.typ, n); ok {
		return valType{lib: true, lname: lt}, recv[1:]
	}
	tr := mc.r.typeIn(mc.f, mc.typ, n)
	if len(tr.ids) > 0 {
		return valType{ids: tr.ids, static: true}, recv[1:]
	}
	// A qualified type name: the longest prefix that names a project type.
	for j := len(recv); j >= 2; j-- {
		mc.r.d.name(recv[j-1])
		if id := strings.Join(recv[:j], "."); mc.r.s.Type(id) != nil {
			return valType{ids: []string{id}, static: true}, recv[j:]
		}
	}
	if tr.lib && len(recv) == 1 && !isTypeLike(n) {
		// A lower-case name no scope declares is a variable the scanner did not see (a
		// lambda's parameter, a pattern's binding), not a library class some on-demand
		// import might bring: its type is unknown.
		return unknownVal, recv[1:]
	}
	if tr.lib {
		if len(recv) >= 2 && jdkConstantHolders[n] && mc.jdkType(n) {
			// A constant of the JDK (Boolean.TRUE, Locale.ROOT, BigInteger.ONE) is a JDK
			// object made in the JDK's own class initialization: calls on it reach no
			// project method by name.
			return valType{lib: true}, recv[2:]
		}
		return valType{lib: true, static: true, closed: closedLibrary[n]}, recv[1:]
	}
	return unknownVal, recv[1:]
}

// jdkConstantHolders are JDK types whose public static fields all hold JDK objects (none
// can be set to a project object, unlike System.out), so a value selected from one is a
// library value.
var jdkConstantHolders = map[string]bool{
	"Boolean": true, "Byte": true, "Short": true, "Integer": true, "Long": true, "Float": true, "Double": true,
	"Character": true, "String": true, "Math": true, "StrictMath": true, "BigInteger": true, "BigDecimal": true,
	"Locale": true, "StandardCharsets": true, "TimeUnit": true, "ChronoUnit": true, "ChronoField": true,
	"RoundingMode": true, "Collections": true, "Duration": true, "Instant": true, "LocalDate": true,
	"LocalTime": true, "LocalDateTime": true, "ZoneOffset": true, "DateTimeFormatter": true, "Month": true,
	"DayOfWeek": true, "MathContext": true, "Pattern": true, "File": true, "Calendar": true, "Thread": true,
}

// jdkType says whether the simple type name n, known to be a library type, is the JDK's:
// imported from a java. package by name, or a java.lang name no import claims.
func (mc *memberCtx) jdkType(n string) bool {
	if mc.f == nil {
		return false
	}
	for _, imp := range mc.f.Imports {
		if !imp.Static && !imp.OnDemand && (imp.Name == n || strings.HasSuffix(imp.Name, "."+n)) {
			return strings.HasPrefix(imp.Name, "java.")
		}
	}
	if javaLang[n] {
		return true
	}
	for _, imp := range mc.f.Imports {
		if imp.OnDemand && !imp.Static && !strings.HasPrefix(imp.Name, "java.") {
			return false // another package's n could be meant
		}
	}
	return true // only java.* packages are imported on demand
}

// selectOn types "v.seg" (a field or a member type), emitting field edges.
func (mc *memberCtx) selectOn(v valType, seg string, line int, write bool) valType {
	kind := "field-read"
	if write {
		kind = "field-write"
	}
	if v.unknown {
		for _, id := range mc.r.globalFields(seg) {
			mc.uncertainEdge(id, kind, line, WhyFieldUnknown)
		}
		return unknownVal
	}
	if len(v.ids) == 0 {
		if seg == "length" && (v.elem != nil || strings.HasSuffix(v.lname, "[]")) {
			return valType{lib: true, lname: "int"} // an array's length
		}
		if v.static && v.lib {
			// A library class's static field has a library type: a generic class's type
			// parameters are not in scope of its static members.
			return valType{unknown: true, opaque: true}
		}
		return unknownVal // a library value's field (a generic type's may be a project type)
	}
	var out valType
	found := false
	// add takes the first value as it is (merging into the zero value would drop its
	// static, library and closed marks) and merges the others.
	add := func(x valType) {
		if found {
			out = out.merge(x)
		} else {
			out = x
		}
		found = true
	}
	for _, id := range v.ids {
		if v.static {
			if seg == "this" || seg == "super" {
				add(valType{ids: []string{id}})
				continue
			}
			mc.r.d.name(seg)
			if nested := id + "." + seg; mc.r.s.Type(nested) != nil {
				add(valType{ids: []string{nested}, static: true})
				continue
			}
		}
		if ref, ok := mc.r.findField(id, seg); ok {
			mc.edge(mc.r.member(ref).ID, kind, line)
			add(mc.memberValueOn(ref, id))
		}
	}
	if !found && !v.static && len(v.ids) == 1 {
		if lt, ok := mc.r.inheritedLibraryField(v.ids[0], seg); ok {
			return valType{lib: true, lname: lt} // this.in of a stream wrapper
		}
	}
	if !found {
		for _, id := range mc.r.globalFields(seg) {
			mc.uncertainEdge(id, kind, line, WhyNoDeclaration)
		}
		return unknownVal
	}
	return out
}

// serviceTargets are the members a static call on a library type may reach through
// java.util.ServiceLoader: a service interface's static methods may load every provider
// the project lists for it in META-INF/services, making each and calling its methods
// (threeten-extra registers its chronologies, and Chronology.of("Coptic") makes them all
// and asks each for its id), and ServiceLoader's own static methods may load any service.
func (mc *memberCtx) serviceTargets(c Call) []target {
	if len(mc.r.s.Named) == 0 {
		return nil
	}
	if c.Name == "<init>" {
		if service := serviceLoadingClasses[c.New]; service != "" && (mc.f == nil || mc.r.s.Type(qualify(mc.f.Package, c.New)) == nil) {
			return mc.providerTargets(mc.r.s.ServiceProviders(service))
		}
		return nil
	}
	if len(c.Receiver) != 1 {
		return nil
	}
	name := c.Receiver[0]
	var providers []string
	switch {
	case name == "ServiceLoader" || name == "java.util.ServiceLoader":
		providers = mc.r.s.ServiceProviders("")
	case serviceLoadingClasses[name] != "":
		providers = mc.r.s.ServiceProviders(serviceLoadingClasses[name])
	default:
		for _, q := range mc.qualifiedNames(name) {
			providers = append(providers, mc.r.s.ServiceProviders(q)...)
		}
	}
	return mc.providerTargets(providers)
}

// serviceLoadingClasses are JDK classes that load the providers of another service when
// made or asked (a ScriptEngineManager makes every ScriptEngineFactory listed, commons-jexl's
// among them; DriverManager loads the JDBC drivers), with the service's name.
var serviceLoadingClasses = map[string]string{
	"ScriptEngineManager": "javax.script.ScriptEngineFactory", "javax.script.ScriptEngineManager": "javax.script.ScriptEngineFactory",
	"DriverManager": "java.sql.Driver", "java.sql.DriverManager": "java.sql.Driver",
}

// providerTargets are the members of the listed provider classes, which loading them may
// make and call.
func (mc *memberCtx) providerTargets(providers []string) []target {
	var out []target
	for _, typ := range providers {
		if mc.r.s.Type(typ) == nil {
			mc.r.d.typ(typ) // a provider the project may declare later
			continue
		}
		out = append(out, target{id: typ, kind: EdgeResource})
		everyMember(mc.r, typ, func(id string) { out = append(out, target{id: id, kind: EdgeResource}) })
	}
	return out
}

// qualifiedNames returns the qualified names a type name as written in the member's file
// may stand for: itself when dotted, else as imported by name or on demand, in the
// file's package, or in java.lang.
func (mc *memberCtx) qualifiedNames(name string) []string {
	if strings.Contains(name, ".") {
		return []string{name}
	}
	out := []string{"java.lang." + name}
	if mc.f == nil {
		return out
	}
	out = append(out, qualify(mc.f.Package, name))
	for _, imp := range mc.f.Imports {
		switch {
		case imp.Static:
		case imp.OnDemand:
			out = append(out, imp.Name+"."+name)
		case strings.HasSuffix(imp.Name, "."+name):
			out = append(out, imp.Name)
		}
	}
	return out
}

// call resolves the k-th call of the member once.
func (mc *memberCtx) call(k int) *callResult {
	if mc.results[k] == nil {
		mc.results[k] = &callResult{value: unknownVal} // guards against self-reference
		at := mc.at
		mc.at = k
		res := mc.resolve(mc.calls[k], k)
		if res.recv.static && res.recv.lib || mc.calls[k].Name == "<init>" {
			res.targets = append(res.targets, mc.serviceTargets(mc.calls[k])...)
		}
		mc.results[k] = res
		mc.at = at
	}
	return mc.results[k]
}

// lambdaParam types name n when it is a parameter of the innermost lambda around the call
// being resolved and that lambda is an argument of a library call whose receiver's type
// arguments say what the parameter is (see libraryLambdaParams). ok is false when n is no
// such parameter, or its type cannot be told (it is then typed as before: unknown).
func (mc *memberCtx) lambdaParam(n string) (valType, bool) {
	if mc.at < 0 {
		return valType{}, false
	}
	var inner *LambdaArg
	for i := range mc.lambdas {
		la := &mc.lambdas[i]
		if la.First <= mc.at && mc.at < la.End && slices.Contains(la.Params, n) && la.Call < mc.at &&
			(inner == nil || la.End-la.First < inner.End-inner.First) {
			inner = la
		}
	}
	if inner == nil {
		return valType{}, false
	}
	recv := mc.call(inner.Call).recv
	if !recv.lib && !recv.static && len(recv.ids) == 1 {
		recv = mc.librarySuperView(recv.ids[0])
	}
	if !recv.lib || recv.static {
		return valType{}, false
	}
	sig, ok := libraryLambdaParams[recv.lname+"."+mc.calls[inner.Call].Name]
	if !ok || inner.Pos >= len(sig) || len(sig[inner.Pos]) != len(inner.Params) {
		return valType{}, false
	}
	a := sig[inner.Pos][slices.Index(inner.Params, n)]
	if a < 0 || a >= len(recv.args) || recv.args[a].unknown {
		return valType{}, false
	}
	return recv.args[a], true
}

// librarySuperView returns a value of project class id seen as its library superclass with
// the type arguments its declaration gives it (commons-configuration's Variables extends
// ArrayList<Variable>: forEach(var -> …) hands a Variable), when the class extends one
// directly with arguments that name no type parameter; unknownVal otherwise.
func (mc *memberCtx) librarySuperView(id string) valType {
	mc.r.d.typ(id)
	t := mc.r.s.Type(id)
	if t == nil || len(t.Extends) == 0 || len(t.SuperArgs) == 0 || len(t.SuperArgs[0]) == 0 || len(t.TypeParams) > 0 {
		return unknownVal
	}
	f := mc.r.s.FileOf(id)
	sup := mc.typeValueIn(f, id, t.Extends[0], nil)
	if !sup.lib || sup.lname == "" {
		return unknownVal
	}
	v := valType{lib: true, lname: sup.lname, args: make([]valType, len(t.SuperArgs[0]))}
	for i, a := range t.SuperArgs[0] {
		v.args[i] = unknownVal
		if a != "" && !mc.enclosingTypeParam(t, a) {
			v.args[i] = mc.typeValueIn(f, id, a, nil)
		}
	}
	return v
}

// enclosingTypeParam reports whether name is a type parameter of a type enclosing t.
func (mc *memberCtx) enclosingTypeParam(t *Type, name string) bool {
	for cur := t; cur != nil; cur = mc.r.s.Type(cur.Outer) {
		if slices.ContainsFunc(cur.TypeParams, func(p TypeParam) bool { return p.Name == name }) {
			return true
		}
		if cur.Outer == "" {
			break
		}
	}
	return false
}

// argTypes types the arguments of c where the scanner summarized them (Call.Args: names,
// literals, string concatenations, new X(..), arithmetic, call results); nil when the
// argument list was not read. Typing a call result resolves that call (memoized, as its
// own turn would).
func (mc *memberCtx) argTypes(c Call) []valType {
	if c.Arity <= 0 {
		return nil
	}
	args := c.Args
	if len(args) != c.Arity {
		if len(c.ArgNames) != c.Arity {
			return nil
		}
		args = c.ArgNames // recorded before Args existed
	}
	out := make([]valType, len(args))
	for i, n := range args {
		out[i] = unknownVal
		if v, ok := literalValue(n); ok {
			out[i] = v
			continue
		}
		if strings.HasPrefix(n, "new:") {
			v := mc.typeValue(mc.f, mc.typ, n[len("new:"):])
			v.static = false
			out[i] = v
			continue
		}
		if operands, ok := strings.CutPrefix(n, arithPrefix); ok {
			out[i] = mc.arithValue(strings.Split(operands, ","))
			continue
		}
		if rest, ok := strings.CutPrefix(n, elemArgPrefix); ok {
			// An array element (see arrayElement): the array's element type, per index.
			if dims, names, ok := strings.Cut(rest, ":"); ok {
				out[i] = mc.receiver(append([]string{ArrayElementReceiver, dims}, strings.Split(names, ".")...), c.Line, max(mc.at, 0))
			}
			continue
		}
		if strings.Contains(n, ".") && !strings.HasPrefix(n, "#") && !strings.HasPrefix(n, "new:") {
			// A chain of names: fields selected one after the other (see callResultArgs).
			segs := strings.Split(n, ".")
			v, rest := mc.head(segs, c.Line)
			out[i] = mc.fieldsOn(v, rest, c.Line)
			continue
		}
		if ks, ok := strings.CutPrefix(n, "()"); ok {
			// A call's result (see callResultArgs): typed by what the call returns.
			if k, err := strconv.Atoi(ks); err == nil && k >= 0 && k < len(mc.calls) {
				out[i] = mc.call(k).value
			}
			continue
		}
		if n == "" || n == "this" || n == "super" {
			if n == "this" {
				// The enclosing class, unless the call may sit in an anonymous or local
				// class's body, where this is that class's object.
				out[i] = valType{ids: []string{mc.typ}, unknown: mc.inAnon() || !mc.scoped}
			}
			continue
		}
		if typ, ok := mc.locals[n]; ok {
			out[i] = mc.typeValue(mc.f, mc.typ, typ)
		} else if ref, ok := mc.scopeField(n); ok {
			out[i] = mc.memberValue(ref)
		}
	}
	return out
}

// recvTag returns typ as the receiver type of an edge (Edge.Recv), when the member's
// names are known to mean what the index says: not in a body declaring local classes.
func (mc *memberCtx) recvTag(typ string) string {
	if !mc.scoped {
		return ""
	}
	return typ
}

// inAnon reports whether the calls may run inside an anonymous class, where this is not
// the context type.
func (mc *memberCtx) inAnon() bool { return mc.hasAnon() }

// resolve finds what call c may reach directly; before is its index among mc.calls.
func (mc *memberCtx) resolve(c Call, before int) *callResult {
	res := &callResult{value: unknownVal}
	add := func(ids []string, kind string) {
		for _, id := range ids {
			res.targets = append(res.targets, target{id: id, kind: kind})
		}
	}
	switch {
	case c.Name == "<init>" && c.This:
		add(mc.r.constructors(mc.typ, c.Arity, mc.argTypes(c)), "call")
		return res
	case c.Name == "<init>" && c.Super && !c.MethRef:
		if sup := mc.superValue(); len(sup.ids) > 0 {
			add(mc.r.constructors(sup.ids[0], c.Arity, mc.argTypes(c)), "super")
		}
		return res
	case c.Name == "<init>" && c.New != "":
		kind := "new"
		if c.MethRef {
			kind = "method-ref"
		}
		v := mc.typeValue(mc.f, mc.typ, c.New)
		for _, id := range v.ids {
			add(mc.r.constructors(id, c.Arity, mc.argTypes(c)), kind)
			// The new object may be handed to library code, which can call it back: on an
			// object of type id (see Edge.Recv).
			for _, cb := range mc.r.callbackTargets(id) {
				res.targets = append(res.targets, target{id: cb, kind: EdgeCallback, recv: mc.recvTag(id)})
			}
			if mc.r.inTestClass(mc.typ) {
				for _, m := range mc.r.testObjectMethods(id) {
					res.targets = append(res.targets, target{id: m, kind: EdgeCallback, why: WhyTestObject})
				}
			}
		}
		v.static = false
		res.value = v
		return res
	case c.MethRef:
		mc.methodRef(c, before, res)
		return res
	}
	var recv valType
	kind := "call"
	switch {
	case c.Receiver == nil:
		mc.unqualified(c, res)
	case len(c.Receiver) == 1 && c.Receiver[0] == "super":
		recv = mc.superValue()
		kind = "super"
		mc.onValue(recv, c, kind, res)
		// Inside an anonymous class body (part of this member's code), super is the
		// anonymous class's supertype.
		for _, ac := range mc.calls {
			if !ac.Anon {
				continue
			}
			for _, id := range mc.typeValue(mc.f, mc.typ, ac.New).ids {
				for _, ref := range mc.r.findMethods(id, c.Name, c.Arity, mc.argTypes(c)) {
					res.targets = append(res.targets, target{id: mc.r.member(ref).ID, kind: kind})
				}
			}
		}
	case mc.librarySuper(c.Receiver, c.Line):
		// Iface.super.m(..) of a library interface runs its default method on this object,
		// which may call any method of the object's class (or a subclass) that library code
		// calls back; no project method of that name runs by the call itself.
		add := func(t string) {
			for _, cb := range mc.r.callbackTargets(t) {
				res.targets = append(res.targets, target{id: cb, kind: EdgeCallback, recv: mc.recvTag(t)})
			}
		}
		add(mc.typ)
		mc.r.d.sub(mc.typ)
		for _, sub := range mc.r.idx.allSubtypes(mc.typ) {
			add(sub)
		}
	default:
		recv = mc.receiver(c.Receiver, c.Line, before)
		res.recv = recv
		mc.onValue(recv, c, kind, res)
		if slices.Equal(c.Receiver, []string{"this"}) {
			for i := range res.targets {
				res.targets[i].this = res.targets[i].recv != ""
			}
		}
	}
	if c.Receiver != nil && !slices.Equal(c.Receiver, []string{"super"}) {
		if enumUniverseCalls[c.Name] {
			mc.enumUniverse(recv, res)
		}
		if len(recv.ids) == 0 && !strings.HasPrefix(c.Name, "assert") && mc.thirdPartyName(c.Receiver[0]) {
			mc.classArgTargets(c, res)
		}
		if serializationCalls[c.Name] && len(recv.ids) == 0 || recv.static && recv.lib && serializingLibrary(c.Receiver) {
			for _, id := range mc.r.allSerializationHooks() {
				res.targets = append(res.targets, target{id: id, kind: EdgeCallback})
			}
		}
	}
	mc.reflectedArguments(c, res)
	if v, ok := objectMethodResult(c); ok {
		res.value = v
	}
	return res
}

// classArgTargets adds, for a call on third-party code handed v.getClass() of a value v, every
// member of every project class v may be: such a library may find and run any of its
// members by reflection (joda-convert's StringConvert.convertFromString(obj.getClass(), s)
// runs the class's @FromString factory, threeten-extra's Days#parse). A value of no
// project type (Object) may be of any project class.
func (mc *memberCtx) classArgTargets(c Call, res *callResult) {
	for _, a := range c.Args {
		k, err := strconv.Atoi(strings.TrimPrefix(a, "()"))
		if !strings.HasPrefix(a, "()") || err != nil || k < 0 || k >= len(mc.calls) {
			continue
		}
		gc := mc.calls[k]
		if gc.Name != "getClass" || gc.Arity != 0 || gc.Receiver == nil || slices.Equal(gc.Receiver, []string{"this"}) {
			continue // this.getClass(): the class's own members are this member's neighbours already
		}
		for _, typ := range mc.runtimeClasses(mc.call(k).recv) {
			everyMember(mc.r, typ, func(id string) { res.targets = append(res.targets, target{id: id, kind: EdgeReflection}) })
		}
	}
}

// runtimeClasses returns the project classes a value of type v may have at run time, as
// getClass() would give them: v's types and their subtypes; none for a value of a closed
// library type (String, a primitive's box); every project type for a value whose type says
// nothing (Object, a type parameter without bound).
func (mc *memberCtx) runtimeClasses(v valType) []string {
	var types []string
	switch {
	case len(v.ids) > 0:
		for _, id := range v.ids {
			mc.r.d.sub(id)
			types = append(append(types, id), mc.r.idx.allSubtypes(id)...)
		}
	case v.lib && (v.closed || primitives[v.lname] || javaLang[v.lname] && v.lname != "Object"):
	default:
		mc.r.d.name(typeUniverseDep)
		types = mc.r.s.Types()
	}
	return types
}

// typeUniverseDep is the pseudo type name a member records when what it resolves depends
// on every project type (runtimeClasses of a value of any class): a type that appears or
// vanishes makes it dirty.
const typeUniverseDep = "<every type>"

// thirdPartyName reports whether a receiver's root name is a class the file imports by
// name from a library outside the JDK (not java., javax. or jdk.), or a local of such a
// type. A receiver the file does not name that way (a field, a call's result) is left to
// the other rules: reading every getClass() handed to code of unknown origin as reflection
// reached every project member from commons-lang's field lookups.
func (mc *memberCtx) thirdPartyName(name string) bool {
	if t, ok := mc.locals[name]; ok && t != "" {
		name = EraseType(t)
	}
	if javaLang[name] || primitives[name] || mc.f == nil || len(mc.r.typeIn(mc.f, mc.typ, name).ids) > 0 {
		return false
	}
	for _, imp := range mc.f.Imports {
		if !imp.Static && !imp.OnDemand && strings.HasSuffix(imp.Name, "."+name) {
			return !strings.HasPrefix(imp.Name, "java.") && !strings.HasPrefix(imp.Name, "javax.") && !strings.HasPrefix(imp.Name, "jdk.")
		}
	}
	return false
}

// librarySuper reports whether a call's receiver is "Iface.super" with Iface a library
// type (a project interface's default method is found through its type as usual).
func (mc *memberCtx) librarySuper(recv []string, line int) bool {
	if len(recv) != 2 || recv[1] != "super" {
		return false
	}
	v, rest := mc.head(recv[:1], line)
	return len(rest) == 0 && v.static && len(v.ids) == 0 && !v.unknown
}

// onValue resolves a method call on a receiver of type recv.
func (mc *memberCtx) onValue(recv valType, c Call, kind string, res *callResult) {
	if recv.unknown {
		if objectCallback(c.Name, c.Arity) {
			// x.toString(), x.equals(y), x.hashCode() on any object: like a library-typed
			// receiver's, the call reaches nothing by name. A project object comes into
			// existence where the graph already links it to these methods of its class
			// (new, enum constants, X::new: callbackTargets), and whatever holds it
			// depends on that code, which slices keep by data flow.
			return
		}
		mc.globalOn(recv, c, res, WhyReceiverUnknown)
		return
	}
	var value valType
	found := false
	for _, id := range recv.ids {
		refs := mc.r.findMethods(id, c.Name, c.Arity, mc.argTypes(c))
		tag := ""
		if kind == "call" && !recv.static {
			tag = mc.recvTag(id) // the object is an id or a subtype's
		}
		for _, ref := range refs {
			res.targets = append(res.targets, target{id: mc.r.member(ref).ID, kind: kind, recv: tag})
			if mc.returnsSelf(recv, id, ref) {
				v := recv
				v.static = false
				value, found = mergeOrTake(value, v, found), true
				continue
			}
			if v, ok := mc.argResult(recv, id, ref); ok {
				value, found = mergeOrTake(value, v, found), true
				continue
			}
			value = mc.mergeResult(value, ref, id, found)
			found = true
		}
		if len(refs) == 0 && kind != "super" {
			// Declared by a library supertype (or nowhere): dispatch may still pick a
			// project override in a subtype.
			for _, o := range mc.r.subtypeOverrides(id, c.Name, c.Arity) {
				res.targets = append(res.targets, target{id: o, kind: "dispatch"})
			}
			switch {
			case recv.static && mc.r.enumImplicit(id, c.Name):
				// values()/valueOf(..) hand out the constants: each was created with its
				// callbacks (and its class initialization).
				for _, cst := range mc.r.enumConstants(id) {
					res.targets = append(res.targets, target{id: cst, kind: "field-read"})
				}
			case mc.r.idx.libSuper[id] && !recv.static:
				// An inherited library method runs with the project object as this: it may
				// call any overridable method of the object's class or a subclass.
				add := func(t string) {
					for _, cb := range mc.r.callbackTargets(t) {
						res.targets = append(res.targets, target{id: cb, kind: EdgeCallback, recv: mc.recvTag(id)})
					}
				}
				add(id)
				mc.r.d.sub(id)
				for _, sub := range mc.r.idx.allSubtypes(id) {
					add(sub)
				}
			case !mc.r.idx.libSuper[id] && !objectMethodNames[c.Name]:
				mc.global(c, res, WhyNoDeclaration) // no declaration anywhere: broken code, match widely
			}
		}
	}
	switch {
	case found:
		res.value = value
	case len(recv.ids) > 0:
	case recv.lib && libraryResults[recv.lname+"."+c.Name] != "":
		// The JDK's type, whatever the names the file imports.
		name := libraryResults[recv.lname+"."+c.Name]
		res.value = valType{lib: true, closed: closedLibrary[name], lname: name}
	case recv.closed:
		res.value = valType{lib: true, closed: true}
	case recv.lib && !recv.static && libraryGenerics[recv.lname+"."+c.Name].applies(recv):
		res.value = libraryGenerics[recv.lname+"."+c.Name].of(recv)
	}
}

func (mc *memberCtx) mergeResult(acc valType, ref memberRef, recv string, have bool) valType {
	return mergeOrTake(acc, mc.memberValueOn(ref, recv), have)
}

// mergeOrTake merges v into acc, or returns v when acc holds nothing yet.
func mergeOrTake(acc, v valType, have bool) valType {
	if !have {
		return v
	}
	return acc.merge(v)
}

// unqualified resolves m(...) without receiver: own and inherited methods, then those of
// enclosing types, then static imports; otherwise every project method of that name.
// enumMethodNames are the instance methods of java.lang.Enum besides Object's.
var enumMethodNames = map[string]bool{"name": true, "ordinal": true, "compareTo": true,
	"getDeclaringClass": true, "describeConstable": true}

// enclosingEnum returns the innermost type around the member that is an enum, when every
// type inside it is a project type with only project supertypes (so none of them can
// inherit a library method of the same name); "" otherwise.
func (mc *memberCtx) enclosingEnum() string {
	for cur := mc.typ; cur != ""; {
		mc.r.d.typ(cur)
		t := mc.r.s.Type(cur)
		if t == nil {
			return ""
		}
		if t.Kind == "enum" {
			return cur
		}
		if mc.r.idx.libSuper[cur] {
			return ""
		}
		cur = t.Outer
	}
	return ""
}

func (mc *memberCtx) unqualified(c Call, res *callResult) {
	args := mc.argTypes(c)
	for cur := mc.typ; cur != ""; {
		if refs := mc.r.findMethods(cur, c.Name, c.Arity, args); len(refs) > 0 {
			mc.takeRefs(refs, res)
			if mc.scoped && !mc.hasAnon() {
				// this.m() (or Outer.this.m()): the object is a cur or a subtype's. Not
				// so inside an anonymous class body, whose this is another object.
				for i := range res.targets {
					res.targets[i].recv, res.targets[i].this = cur, cur == mc.typ
				}
			}
			return
		}
		t := mc.r.s.Type(cur)
		if t == nil {
			break
		}
		cur = t.Outer
	}
	for _, typ := range mc.staticImportTypes(c.Name) {
		if refs := mc.r.findMethods(typ, c.Name, c.Arity, args); len(refs) > 0 {
			mc.takeRefs(refs, res)
			return
		}
	}
	if mc.libStaticImport(c.Name) {
		return
	}
	if mc.anonScope && mc.hasAnon() {
		// Declared in an anonymous class body (this member's own code), or inherited from
		// its supertype: a project supertype's method, or a library one. Or inherited by an
		// enclosing type from its library supertype, where dispatch may pick an override
		// in a project subtype of the enclosing type.
		for cur := mc.typ; cur != ""; {
			mc.r.d.typ(cur)
			if mc.r.idx.libSuper[cur] {
				for _, o := range mc.r.subtypeOverrides(cur, c.Name, c.Arity) {
					res.targets = append(res.targets, target{id: o, kind: "dispatch"})
				}
			}
			t := mc.r.s.Type(cur)
			if t == nil {
				break
			}
			cur = t.Outer
		}
		for _, ac := range mc.calls {
			if !ac.Anon {
				continue
			}
			for _, id := range mc.typeValue(mc.f, mc.typ, ac.New).ids {
				for _, ref := range mc.r.findMethods(id, c.Name, c.Arity, args) {
					res.targets = append(res.targets, target{id: mc.r.member(ref).ID, kind: "call"})
				}
			}
		}
		return
	}
	if enumMethodNames[c.Name] {
		if enum := mc.enclosingEnum(); enum != "" {
			// Every enum inherits java.lang.Enum's methods (name() and ordinal() are final):
			// an unqualified one that the project types around the call do not declare is a
			// call on the enum, not on any project method of that name.
			mc.onValue(valType{ids: []string{enum}}, c, "call", res)
			return
		}
	}
	if objectMethodNames[c.Name] {
		// Every class has Object's methods, so an unqualified toString(), equals(..) or
		// hashCode() the project's types around it do not declare is this.m(): the
		// library's method, or an override in a subtype of this one.
		mc.onValue(valType{ids: []string{mc.typ}}, c, "call", res)
		return
	}
	// Inherited from a library supertype of this class or of an enclosing one
	// (DiscordianDate's get(DAY_OF_WEEK) is ChronoLocalDate's): library code running on
	// that object, which may call back what library code calls on it, or an override in a
	// project subtype.
	inherited := false
	for cur := mc.typ; cur != ""; {
		mc.r.d.typ(cur)
		if mc.r.idx.libSuper[cur] {
			mc.onValue(valType{ids: []string{cur}}, c, "call", res)
			inherited = true
		}
		t := mc.r.s.Type(cur)
		if t == nil {
			break
		}
		cur = t.Outer
	}
	if inherited {
		return
	}
	mc.global(c, res, WhyNotInScope)
}

// hasAnon reports whether the calls create an anonymous class.
func (mc *memberCtx) hasAnon() bool {
	for _, c := range mc.calls {
		if c.Anon {
			return true
		}
	}
	return false
}

func (mc *memberCtx) takeRefs(refs []memberRef, res *callResult) {
	var value valType
	for i, ref := range refs {
		res.targets = append(res.targets, target{id: mc.r.member(ref).ID, kind: "call"})
		value = mc.mergeResult(value, ref, mc.typ, i > 0)
	}
	res.value = value
}

// global matches every project method of the call's name and arity.
func (mc *memberCtx) global(c Call, res *callResult, why string) { mc.byName(c, res, why, nil) }

// globalOn matches c by name on the unknown receiver recv: every project method, or for an
// opaque receiver (a library type) those of types whose objects may have that type. Object's
// methods are every type's.
func (mc *memberCtx) globalOn(recv valType, c Call, res *callResult, why string) {
	if !recv.opaque || objectMethodNames[c.Name] {
		mc.global(c, res, why)
		return
	}
	mc.byName(c, res, WhyLibraryValue, func(id string) bool { return mc.r.exposedToLibrary(typeOfMember(id)) })
}

// byName adds every project method of the call's name and arity that keep accepts (all when
// keep is nil), tagged why; what the call returns is unknown.
func (mc *memberCtx) byName(c Call, res *callResult, why string, keep func(id string) bool) {
	kind := "call"
	if c.MethRef {
		kind = "method-ref"
	}
	matched := false
	for _, id := range mc.r.globalMethods(c.Name, c.Arity) {
		if keep == nil || keep(id) {
			res.targets = append(res.targets, target{id: id, kind: kind, why: why})
			matched = true
		}
	}
	if matched && !hasString(mc.widened, c.Name) {
		mc.widened = append(mc.widened, c.Name)
	}
	res.value = unknownVal
}

// methodRef resolves X::m: every method m of X (any arity), or the nearest inherited ones.
func (mc *memberCtx) methodRef(c Call, before int, res *callResult) {
	var recv valType
	switch {
	case len(c.Receiver) == 1 && c.Receiver[0] == "super":
		recv = mc.superValue()
	default:
		recv = mc.receiver(c.Receiver, c.Line, before)
	}
	if recv.unknown {
		mc.globalOn(recv, c, res, WhyMethodRefUnknown)
		return
	}
	for _, id := range recv.ids {
		refs := mc.r.findMethods(id, c.Name, -1, nil)
		for _, ref := range refs {
			res.targets = append(res.targets, target{id: mc.r.member(ref).ID, kind: "method-ref"})
		}
		if len(refs) == 0 {
			for _, o := range mc.r.subtypeOverrides(id, c.Name, -1) {
				res.targets = append(res.targets, target{id: o, kind: "method-ref"})
			}
		}
	}
}

// enumUniverse adds to res the isolated enum constants a library call may hand out without
// its caller naming them (see enumUniverseCalls): those of the receiver's enum types, or of
// every project enum when the receiver is not a project type.
func (mc *memberCtx) enumUniverse(recv valType, res *callResult) {
	var ids []string
	if len(recv.ids) == 0 {
		ids = mc.r.allIsolatedConstants()
	}
	for _, id := range recv.ids {
		ids = append(ids, sortedKeys(mc.r.isolatedConstants(id))...)
	}
	for _, id := range ids {
		res.targets = append(res.targets, target{id: id, kind: "reflection", why: WhyEnumUniverse})
	}
}

// numericRank orders the primitive types binary numeric promotion widens to (JLS 5.6):
// byte, short and char operands promote to int.
var numericRank = map[string]int{"byte": 0, "short": 0, "char": 0, "int": 0, "long": 1, "float": 2, "double": 3,
	"Byte": 0, "Short": 0, "Character": 0, "Integer": 0, "Long": 1, "Float": 2, "Double": 3}

// arithValue types an arithmetic argument from its operands (see arithSummary): the
// promoted primitive type, unknown when an operand is not a number of a known type.
func (mc *memberCtx) arithValue(operands []string) valType {
	rank := 0
	for _, op := range operands {
		var v valType
		if lit, ok := literalValue(op); ok {
			v = lit
		} else if typ, ok := mc.locals[op]; ok {
			v = mc.typeValue(mc.f, mc.typ, typ)
		} else if ref, ok := mc.scopeField(op); ok {
			v = mc.memberValue(ref)
		} else {
			return unknownVal
		}
		r, ok := numericRank[v.lname]
		if v.unknown || len(v.ids) > 0 || !ok {
			return unknownVal
		}
		rank = max(rank, r)
	}
	return valType{lib: true, lname: [...]string{"int", "long", "float", "double"}[rank]}
}
