package slicing

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// effect is the summary of what a call may read and change, as far as can be proved from
// source. Positions name the objects a call is handed: position 0 is the receiver (this),
// position i the i-th argument (see posOf). The zero value (effNone) is a pure call: it
// reads only its receiver and arguments, changes no state that existed before it, and
// returns a fresh object or an immutable value. Summaries are comparable, so remembered
// proofs can be checked against fresh ones after an edit.
type effect struct {
	flags effFlags
	// mut are the positions whose objects (or objects reachable from them) may change.
	mut posSet
	// store are the positions whose objects may be stored into each other (a parameter kept
	// in a field of this, this.items.add(p)): they become may-aliases at the call site.
	store posSet
	// leak are the positions whose objects may be stored into static or unknown state:
	// they escape, and every later write to shared state may change them.
	leak posSet
	// ret says what the result may be: a fresh object or value (0), an object reachable
	// from the receiver or arguments (retArgs), or shared state (retShared).
	ret retKind
	// runs are the argument positions holding functions the call may run (a Supplier it
	// calls get on): the call site must hand a lambda written there, whose body is read as
	// part of the caller, or the call's effect is unknown.
	runs posSet
	// disp are the positions whose objects' own methods the call runs through a JDK
	// interface type that project classes or proxies may implement (cs.length() on a
	// CharSequence parameter): the call site must hand values of final JDK types there
	// (string literals, String locals, constants), or the call's effect is unknown.
	disp posSet
	// why names the first write to shared state behind effWrites, for explanations.
	why string
	// madeJDK: every value the method returns is null or a JDK collection or stream it made
	// in place (see returnsMadeJDK), so no project code stands behind the result's methods. Unlike
	// the fields above, a property that holds of both effects only holds of their join.
	madeJDK bool
}

// effFlags are the shared-state parts of an effect.
type effFlags uint8

const (
	// effReads: the call may read static or otherwise shared state.
	effReads effFlags = 1
	// effPrints: the call may print on the JDK's standard streams (see printEffect). What
	// was printed is no state project code can read back: only code the model does not
	// know (effReadsOut), which may have captured the streams, reads it.
	effPrints effFlags = 2
	// effWrites: the call may change static or otherwise shared state.
	effWrites effFlags = 4
	// effCallbacks: the call (a JDK collection or builder method) may run hashCode,
	// equals, compareTo, compare or toString of the objects it is given; the call site
	// adds callbackEffect unless every argument is an immutable value. Never part of a
	// remembered summary.
	effCallbacks effFlags = 8
	// effReadsOut: the call may read what was printed on the standard streams: code the
	// model does not know, such as a library rule that captured them.
	effReadsOut effFlags = 64
)

// posSet is a set of call positions: bit 0 the receiver, bit i the i-th argument; every
// argument from the 31st on shares bit 31.
type posSet uint32

const posAll = ^posSet(0)

// posOf returns the position of argument i (0-based); -1 is the receiver.
func posOf(i int) posSet {
	if i < 0 {
		return 1
	}
	if i >= 30 {
		return 1 << 31
	}
	return 1 << (i + 1)
}

// posFrom returns the positions of argument i and every later one (varargs).
func posFrom(i int) posSet { return ^(posOf(i) - 1) }

// retKind says what a call's result may alias.
type retKind uint8

const (
	retArgs   retKind = 1
	retShared retKind = 2
)

var (
	effNone = effect{}
	// effLocal: the call may change its receiver and its arguments and link them, and its
	// result may be reachable from them (JDK collections and builders).
	effLocal = effect{mut: posAll, store: posAll, ret: retArgs}
	// effArgs: a static framework call (Mockito's verify) that may change its arguments.
	effArgs = effect{mut: posAll &^ 1, store: posAll &^ 1, ret: retArgs}
	// effGlobal: nothing is known; the call may read and change anything.
	effGlobal = effect{flags: effReads | effWrites | effPrints | effReadsOut, mut: posAll, store: posAll, leak: posAll, ret: retArgs | retShared}
)

// writes reports whether e may change any state, the standard streams included.
func (e effect) writes() bool {
	return e.flags&(effWrites|effPrints) != 0 || e.mut != 0 || e.store != 0 || e.leak != 0
}

// readsAtMost reports whether code of effect e changes nothing and runs nothing it is
// handed: it may read shared state, no more.
func (e effect) readsAtMost() bool {
	return e.flags&^effReads == 0 && !e.writes() && e.runs == 0 && e.disp == 0
}

// quietCallback reports whether a callback of effect e (hashCode, toString…) may run
// where JDK code calls it: it writes no shared state, keeps nothing and runs nothing it
// is handed (changes to its own object are the caller's).
func (e effect) quietCallback() bool {
	return e.flags&effWrites == 0 && e.leak == 0 && e.runs == 0 && e.disp == 0
}

// reads reports whether e may read shared state.
func (e effect) reads() bool { return e.flags&effReads != 0 }

// or joins two summaries: the call may do what either does.
func (e effect) or(o effect) effect {
	why := e.why
	if why == "" {
		why = o.why
	}
	return effect{flags: e.flags | o.flags, mut: e.mut | o.mut, store: e.store | o.store, leak: e.leak | o.leak,
		ret: e.ret | o.ret, runs: e.runs | o.runs, disp: e.disp | o.disp, why: why, madeJDK: e.madeJDK && o.madeJDK}
}

// unknown returns effGlobal explained as an unknown call.
func unknown(why string) effect {
	e := effGlobal
	e.why = why
	return e
}

func maxEffect(a, b effect) effect { return a.or(b) }

// String renders a summary for tests and logs: "none", or flags and positions such as
// "reads writes mut=this,0 store=0 leak=all ret=args" (arguments are 0-based).
func (e effect) String() string {
	if e == effGlobal || e.flags == effGlobal.flags && e.mut == posAll && e.leak == posAll {
		return "global"
	}
	var parts []string
	if e.flags&effReads != 0 {
		parts = append(parts, "reads")
	}
	if e.flags&effWrites != 0 {
		parts = append(parts, "writes")
	}
	if e.flags&effPrints != 0 {
		parts = append(parts, "prints")
	}
	for _, x := range []struct {
		name string
		set  posSet
	}{{"mut", e.mut}, {"store", e.store}, {"leak", e.leak}, {"runs", e.runs}, {"disp", e.disp}} {
		if x.set != 0 {
			parts = append(parts, x.name+"="+x.set.String())
		}
	}
	switch e.ret {
	case retArgs:
		parts = append(parts, "ret=args")
	case retShared:
		parts = append(parts, "ret=shared")
	case retArgs | retShared:
		parts = append(parts, "ret=args|shared")
	}
	if e.madeJDK {
		parts = append(parts, "ret=madeJDK")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

func (ps posSet) String() string {
	if ps == posAll {
		return "all"
	}
	var out []string
	if ps&1 != 0 {
		out = append(out, "this")
	}
	for i := 0; i < 31; i++ {
		if ps&posOf(i) != 0 {
			out = append(out, itoa(i))
			if i == 30 {
				out[len(out)-1] += "+"
			}
		}
	}
	return strings.Join(out, ",")
}

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
	recvFunction               // a JDK functional interface (Supplier, Function, Runnable…)
	recvArray                  // an array
	recvStream                 // a java.util.stream stream
	recvFile                   // a java.io.File: a path whose methods ask or change the file system
	recvReflect                // a java.lang.reflect member (Method, Field, Constructor) or AccessibleObject
	recvPath                   // a java.nio.file.Path: an immutable file name
	recvFiles                  // java.nio.file.Files, whose static methods ask or change the file system
)

// reflectTypes are the java.lang.reflect classes read as recvReflect; finalReflect those no
// project class can extend (the others: when none does).
var reflectTypes = map[string]bool{"Method": true, "Field": true, "Constructor": true, "Executable": true, "AccessibleObject": true}

var finalReflect = map[string]bool{"Method": true, "Field": true, "Constructor": true}

// reflectQueries are the methods of reflection objects that only read the object and the
// declaration it stands for, returning values, Classes or a fresh array of them.
var reflectQueries = map[string]bool{
	"getName": true, "getModifiers": true, "getDeclaringClass": true, "getParameterTypes": true,
	"getParameterCount": true, "getReturnType": true, "getType": true, "isAccessible": true, "canAccess": true,
	"isVarArgs": true, "isSynthetic": true, "isBridge": true, "isDefault": true, "getExceptionTypes": true,
	"toGenericString": true, "hashCode": true, "equals": true, "toString": true, "isEnumConstant": true,
}

// classRunsCode are the methods of java.lang.Class that may run project code: a
// constructor, or a class initializer (reading annotations resolves their enum values,
// which initializes the enums).
var classRunsCode = map[string]bool{
	"newInstance": true, "getEnumConstants": true, "getAnnotation": true, "getAnnotations": true,
	"getDeclaredAnnotation": true, "getDeclaredAnnotations": true, "getAnnotationsByType": true,
	"getDeclaredAnnotationsByType": true, "isAnnotationPresent": true,
}

// optionalRuns are the methods of java.util.Optional that run the functions they are given.
var optionalRuns = map[string]bool{
	"map": true, "flatMap": true, "filter": true, "ifPresent": true, "ifPresentOrElse": true, "or": true,
	"orElseGet": true, "orElseThrow": true,
}

// fileQueries are the java.io.File methods that read the file system (shared state) or
// only the path, and change neither: the File itself is immutable.
var fileQueries = map[string]bool{
	"exists": true, "isFile": true, "isDirectory": true, "isHidden": true, "isAbsolute": true, "length": true,
	"lastModified": true, "canRead": true, "canWrite": true, "canExecute": true, "getName": true, "getPath": true,
	"getAbsolutePath": true, "getAbsoluteFile": true, "getCanonicalPath": true, "getCanonicalFile": true,
	"getParent": true, "getParentFile": true, "toPath": true, "toURI": true, "list": true, "listFiles": true,
	"getFreeSpace": true, "getTotalSpace": true, "getUsableSpace": true, "compareTo": true, "equals": true,
	"hashCode": true, "toString": true,
}

// fileChanges are the java.io.File methods that change the file system.
var fileChanges = map[string]bool{
	"delete": true, "deleteOnExit": true, "mkdir": true, "mkdirs": true, "createNewFile": true, "renameTo": true,
	"setLastModified": true, "setReadOnly": true, "setWritable": true, "setReadable": true, "setExecutable": true,
}

// pathNames are the java.nio.file.Path methods that compute from the name alone: a Path is
// immutable, and these neither ask nor change the file system (toAbsolutePath resolves
// against the working folder the JVM started in, which no code changes).
var pathNames = map[string]bool{
	"getFileName": true, "getParent": true, "getRoot": true, "resolve": true, "resolveSibling": true,
	"relativize": true, "normalize": true, "toAbsolutePath": true, "subpath": true, "getName": true,
	"getNameCount": true, "startsWith": true, "endsWith": true, "isAbsolute": true, "toString": true,
	"equals": true, "hashCode": true, "compareTo": true, "toFile": true,
}

// pathPaths are the Path methods that return a Path.
var pathPaths = map[string]bool{
	"getFileName": true, "getParent": true, "getRoot": true, "resolve": true, "resolveSibling": true,
	"relativize": true, "normalize": true, "toAbsolutePath": true, "subpath": true, "getName": true, "toRealPath": true,
}

// pathReads are the Path methods that read the file system (toRealPath follows links,
// toUri marks a directory with a slash).
var pathReads = map[string]bool{"toRealPath": true, "toUri": true}

// filesQueries are the static methods of java.nio.file.Files that read the file system and
// return values (booleans, sizes, times, fresh arrays, strings and lists) or Paths, and
// run no code of the objects they are given: Paths, options and charsets.
var filesQueries = map[string]bool{
	"exists": true, "notExists": true, "isDirectory": true, "isRegularFile": true, "isSymbolicLink": true,
	"isReadable": true, "isWritable": true, "isExecutable": true, "isHidden": true, "isSameFile": true,
	"size": true, "getLastModifiedTime": true, "readAllBytes": true, "readString": true, "readAllLines": true,
	"readSymbolicLink": true, "getPosixFilePermissions": true, "getOwner": true, "readAttributes": true,
	"getAttribute": true, "mismatch": true,
}

// filesChanges are the static methods of Files that change the file system, given Paths,
// options and attributes. write, writeString and copy take other objects in some
// overloads (an Iterable, a CharSequence, a stream) whose code may run; see filesEffect.
var filesChanges = map[string]bool{
	"delete": true, "deleteIfExists": true, "createFile": true, "createDirectory": true,
	"createDirectories": true, "createTempFile": true, "createTempDirectory": true, "createLink": true,
	"createSymbolicLink": true, "move": true, "setLastModifiedTime": true, "setPosixFilePermissions": true,
	"write": true, "writeString": true, "copy": true,
}

// filesValues are the Files queries that return an immutable value: a boolean, a number
// or a FileTime.
var filesValues = map[string]bool{
	"exists": true, "notExists": true, "isDirectory": true, "isRegularFile": true, "isSymbolicLink": true,
	"isReadable": true, "isWritable": true, "isExecutable": true, "isHidden": true, "isSameFile": true,
	"size": true, "getLastModifiedTime": true, "mismatch": true,
}

// filesPaths are the Files methods that return a Path.
var filesPaths = map[string]bool{
	"createFile": true, "createDirectory": true, "createDirectories": true, "createTempFile": true,
	"createTempDirectory": true, "createLink": true, "createSymbolicLink": true, "move": true,
	"write": true, "writeString": true, "readSymbolicLink": true, "setLastModifiedTime": true,
	"setPosixFilePermissions": true,
}

// filesEffect is the effect of the static Files method name given arguments of the types
// args ("" where unknown): reading the file system for a query, reading and changing it
// for a change; unknown for any other method (those that open streams, channels or
// directory walks, or run a visitor), and for a write or copy whose data argument may be
// an object of project code: write must be given a byte[], writeString a String, copy two
// Paths.
func filesEffect(name string, args []string) effect {
	argIs := func(i int, typ string) bool { return i < len(args) && args[i] == typ }
	switch {
	case filesQueries[name]:
		return effect{flags: effReads}
	case !filesChanges[name]:
	case name == "write" && !argIs(1, "byte[]"), name == "writeString" && !argIs(1, "String"),
		name == "copy" && !(argIs(0, "Path") && argIs(1, "Path")):
	default:
		return effect{flags: effReads | effWrites, ret: retArgs, why: "changes the file system (Files#" + name + ")"}
	}
	return unknown("unknown effect of Files#" + name)
}

// pathMayRunProject reports whether a value typed java.nio.file.Path may be an object of
// project code: a project class, an anonymous or local class or a dynamic proxy the
// project makes implements Path (a proxy may implement any interface).
func (p *project) pathMayRunProject() bool {
	anon := p.anonymousSubclassed()
	return len(p.jdkSubtypes("Path")) > 0 || anon["Path"] != nil || anon[proxyKey] != nil
}

// fileLeaves are the methods of java.io.File that no other File method calls: a project
// subclass overriding only these changes no other method's behavior.
var fileLeaves = map[string]bool{
	"renameTo": true, "listFiles": true, "delete": true, "deleteOnExit": true, "setLastModified": true,
	"lastModified": true, "length": true, "canRead": true, "canWrite": true, "canExecute": true, "isHidden": true,
	"createNewFile": true, "toURI": true, "getTotalSpace": true, "getFreeSpace": true, "getUsableSpace": true,
}

// fileMayRunProject reports whether calling name on a java.io.File may run project code: a
// project subclass (named, anonymous or local) overrides name, or overrides a File method
// other File methods may call.
func (p *project) fileMayRunProject(name string) bool {
	overridden := func(m string) bool {
		return (fileQueries[m] || fileChanges[m]) && (m == name || !fileLeaves[m])
	}
	for _, sub := range p.jdkSubtypes("File") {
		for _, x := range append([]*analysis.Type{sub}, p.supertypes(sub)...) {
			for _, methods := range []map[string]bool{fileQueries, fileChanges} {
				for _, n := range slices.Sorted(maps.Keys(methods)) {
					if overridden(n) {
						p.note("M:" + x.ID + "#" + n) // declaring one changes the answer
					}
				}
			}
			for _, m := range x.Members {
				if m.Kind == analysis.KindMethod && !m.Static() && overridden(m.Name) {
					return true
				}
			}
		}
	}
	ms := p.anonymousSubclassed()["File"]
	if ms[anyMethod] {
		return true
	}
	for m := range ms {
		if overridden(m) {
			return true
		}
	}
	return false
}

var valueTypes = map[string]bool{
	"String": true, "Integer": true, "Long": true, "Short": true, "Byte": true, "Double": true,
	"Float": true, "Boolean": true, "Character": true, "BigDecimal": true, "BigInteger": true,
	"int": true, "long": true, "short": true, "byte": true, "double": true, "float": true,
	"boolean": true, "char": true, "Optional": true, "Class": true, "UUID": true, "Pattern": true, "Void": true,
	"Locale": true, "FileTime": true,
}

var pureStatics = map[string]bool{
	"Math": true, "StrictMath": true, "Integer": true, "Long": true, "Double": true, "Float": true,
	"Short": true, "Byte": true, "Boolean": true, "Character": true, "String": true, "Objects": true,
	"BigDecimal": true, "BigInteger": true, "List": true, "Set": true, "Map": true, "Arrays": true,
	"Collections": true, "Optional": true, "TimeUnit": false, "Stream": true, "IntStream": true,
	"LongStream": true, "DoubleStream": true, "Collectors": true, "Pattern": true, "Comparator": true,
	"Calendar": true, "Modifier": true, "Charset": true, "ByteBuffer": true, "Function": true, "UnaryOperator": true, "ThreadLocal": true,
	"MessageFormat": true,
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
	"StringBuilder": true, "StringBuffer": true, "Iterator": true, "StringWriter": true, "StringReader": true,
	"CharArrayWriter": true, "CharArrayReader": true, "ByteArrayOutputStream": true, "ByteArrayInputStream": true, "AtomicInteger": true,
	"AtomicLong": true, "AtomicBoolean": true, "AtomicReference": true, "SortedMap": true,
	"SortedSet": true, "NavigableMap": true, "Stack": true, "Vector": true, "CharSequence": true,
	"Hashtable": true, "Properties": true, "BitSet": true, "Matcher": true, "ReentrantLock": true, "ThreadLocal": true,
	"ConcurrentMap": true, "ConcurrentHashMap": true, "ConcurrentSkipListMap": true, "ConcurrentSkipListSet": true,
	"CopyOnWriteArrayList": true, "CopyOnWriteArraySet": true, "ConcurrentLinkedQueue": true, "ConcurrentLinkedDeque": true,
	"Calendar": true, "GregorianCalendar": true, "Date": true,
}

// collectionReads are JDK collection and builder methods that change nothing (Map.get is
// left out: it reorders an access-ordered LinkedHashMap).
var collectionReads = map[string]bool{
	"size": true, "isEmpty": true, "contains": true, "containsKey": true, "containsValue": true,
	"containsAll": true, "indexOf": true, "lastIndexOf": true, "equals": true, "hashCode": true,
	"toString": true, "length": true, "charAt": true, "peek": true, "intValue": true,
	"getProperty": true, // Properties, defaults included
}

// jdkThrowables are JDK exceptions and errors besides freshJDK's: making one keeps its
// message and cause (and prints the cause, see isThrowable).
var jdkThrowables = map[string]bool{
	"NumberFormatException": true, "ClassCastException": true, "ArrayIndexOutOfBoundsException": true,
	"StringIndexOutOfBoundsException": true, "NoSuchElementException": true, "ConcurrentModificationException": true,
	"CloneNotSupportedException": true, "InterruptedException": true, "UncheckedIOException": true,
	"FileNotFoundException": true, "EOFException": true, "IllegalAccessException": true, "NoSuchMethodException": true,
	"NoSuchFieldException": true, "ClassNotFoundException": true, "InstantiationException": true,
	"ParseException": true, "DateTimeException": true, "ArrayStoreException": true, "NegativeArraySizeException": true,
	"SecurityException": true, "TimeoutException": true, "ClosedChannelException": true, "ExecutionException": true, "CancellationException": true,
	"CompletionException": true, "UnsupportedEncodingException": true, "InvalidObjectException": true,
	"UndeclaredThrowableException": true, "InvocationTargetException": true,
	"NotSerializableException": true, "IllegalMonitorStateException": true, "InternalError": true,
	"UnsupportedCharsetException": true, "IllegalCharsetNameException": true, "EmptyStackException": true,
	"IllegalFormatException": true, "InputMismatchException": true, "ReflectiveOperationException": true,
	"DateTimeParseException": true, "UnsupportedTemporalTypeException": true, "OutOfMemoryError": true,
	"StackOverflowError": true, "NoClassDefFoundError": true, "ExceptionInInitializerError": true,
	"LinkageError": true, "AbstractMethodError": true, "VirtualMachineError": true,
}

// isThrowable reports a JDK exception or error by name: its one-argument constructor may be
// handed a cause, whose toString it runs for the message (a message and a cause are only
// kept).
func isThrowable(n string) bool {
	return jdkThrowables[n] || strings.HasSuffix(n, "Exception") || strings.HasSuffix(n, "Error")
}

var freshJDK = map[string]bool{
	"StringWriter": true, "StringReader": true, "CharArrayWriter": true, "CharArrayReader": true,
	"ByteArrayOutputStream": true, "ByteArrayInputStream": true, "Object": true, "String": true, "StringBuilder": true, "StringBuffer": true, "ArrayList": true,
	"LinkedList": true, "HashMap": true, "LinkedHashMap": true, "TreeMap": true, "HashSet": true, "IdentityHashMap": true, "WeakHashMap": true, "Locale": true,
	"LinkedHashSet": true, "TreeSet": true, "ArrayDeque": true, "Integer": true, "Long": true,
	"Double": true, "BigDecimal": true, "BigInteger": true, "AtomicInteger": true, "AtomicLong": true,
	"AtomicBoolean": true, "AtomicReference": true, "Exception": true, "RuntimeException": true,
	"IllegalArgumentException": true, "IllegalStateException": true, "UnsupportedOperationException": true,
	"NullPointerException": true, "ArithmeticException": true, "IndexOutOfBoundsException": true,
	"AssertionError": true, "Error": true, "IOException": true, "Random": true, "Number": true,
	"Hashtable": true, "Properties": true, "BitSet": true, "File": true, "ReentrantLock": true,
	"Date": true,
	// Abstract bases whose constructors keep at most what they are given (FilterInputStream
	// keeps its stream, Reader its lock): made only by project subclasses.
	"InputStream": true, "OutputStream": true, "Reader": true, "Writer": true,
	"FilterInputStream": true, "FilterOutputStream": true, "FilterReader": true, "FilterWriter": true,
	"ConcurrentHashMap": true, "ConcurrentSkipListMap": true, "ConcurrentSkipListSet": true, "CopyOnWriteArrayList": true,
	"CopyOnWriteArraySet": true, "ConcurrentLinkedQueue": true, "ConcurrentLinkedDeque": true,
}

// receiver is a resolved call receiver.
type receiver struct {
	kind  recvKind
	types []*analysis.Type
	// final: the receiver's JDK class cannot be subclassed (StringBuilder), so no
	// project code can stand behind it.
	final bool
	// name is the simple JDK type name of a collection or value receiver.
	name string
	// elems are the written type arguments of a collection receiver ("" for a wildcard)
	// and scope the type they are written in: what its hashCode and toString run.
	elems []string
	scope *analysis.Type
	// args are the types of the call's arguments where known ("" otherwise): a method
	// whose parameters cannot take them is no candidate (see compatibleArgs).
	args []string
	// entries: the elements of a collection or stream receiver are a JDK map's entries
	// (elems then holds the key and value types).
	entries bool
	// exact: a project receiver is an instance of exactly types[0], made by new without a
	// class body, so no subclass's override can run in place of its methods.
	exact bool
	// unknownType is the simple name of the written type of a receiver of no known kind
	// (a JDK or library class no table describes, a type variable).
	unknownType string
}

// finalJDK are final JDK classes among collectionTypes.
var finalJDK = map[string]bool{"StringBuilder": true, "StringBuffer": true, "Matcher": true}

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
			cur = p.memberReceiver(from, f)
		} else if len(p.resolve(from, head)) > 0 {
			cur = receiver{kind: recvProjectStatic, types: p.resolve(from, head)}
		} else if len(chain) == 1 && (pureStatics[head] || head == "Proxy" && p.importsJDK(from, "java.lang.reflect", head)) {
			// Proxy.isProxyClass(c), Proxy.getInvocationHandler(x), Proxy.newProxyInstance(…):
			// no code runs; the handler is reachable from the proxy.
			return receiver{kind: recvPureStatic, name: head}
		} else if len(chain) == 1 && (head == "Files" || head == "Paths" || head == "Path") && p.importsJDK(from, "java.nio.file", head) {
			if head == "Files" {
				return receiver{kind: recvFiles}
			}
			return receiver{kind: recvPureStatic, name: head} // Paths.get, Path.of: a new Path
		} else if len(chain) == 2 && chain[1] == "TYPE" && boxes[head] {
			return receiver{kind: recvValue, name: "Class"} // Integer.TYPE: the Class of a primitive
		} else if len(chain) == 2 && bigNumbers[head] && strings.ToUpper(chain[1]) == chain[1] {
			return receiver{kind: recvValue, name: head} // BigInteger.ONE: an immutable constant
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
		if nested := p.nestedTypes(cur, name); len(nested) > 0 {
			cur = receiver{kind: recvProjectStatic, types: nested} // Outer.Inner.m(…)
			continue
		}
		var next receiver
		for _, t := range cur.types {
			f := p.fieldOf(t, name)
			if f == nil {
				return receiver{}
			}
			r := p.memberReceiver(t, f)
			if next.kind != recvUnknown && (r.kind != next.kind || r.name != next.name || r.final != next.final) {
				return receiver{}
			}
			next.kind, next.name, next.final = r.kind, r.name, r.final
			next.types = append(next.types, r.types...)
		}
		cur = next
	}
	return cur
}

// nestedTypes returns the member types named name of the types a static receiver (a type
// name) stands for, when none of them has a field of that name (Outer.Inner).
func (p *project) nestedTypes(r receiver, name string) []*analysis.Type {
	if r.kind != recvProjectStatic {
		return nil
	}
	var out []*analysis.Type
	for _, t := range r.types {
		if p.fieldOf(t, name) != nil {
			return nil
		}
		if n := p.snap.Type(t.ID + "." + name); n != nil {
			out = append(out, n)
		}
	}
	if len(out) != len(r.types) {
		return nil
	}
	return out
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
	written := typ
	typ = analysis.EraseType(typ)
	if strings.HasSuffix(typ, "[]") {
		return receiver{kind: recvArray, name: typ}
	}
	if typ == "" {
		return receiver{}
	}
	if ts := p.resolve(from, typ); len(ts) > 0 {
		return receiver{kind: recvProject, types: ts}
	}
	if i := strings.LastIndexByte(typ, '.'); i > 0 && typ[0] >= 'a' && typ[0] <= 'z' {
		typ = typ[i+1:] // java.io.StringWriter: JDK tables are by simple name
	}
	if valueTypes[typ] {
		return receiver{kind: recvValue, name: typ}
	}
	if collectionTypes[typ] {
		return receiver{kind: recvCollection, final: finalJDK[typ], name: typ, elems: analysis.TypeArgs(written), scope: from}
	}
	if functionTypes[typ] != "" {
		return receiver{kind: recvFunction, name: typ, elems: analysis.TypeArgs(written), scope: from}
	}
	if typ == "File" {
		return receiver{kind: recvFile}
	}
	if typ == "Path" && (analysis.EraseType(written) == "java.nio.file.Path" || written == typ && p.importsJDK(from, "java.nio.file", typ)) {
		return receiver{kind: recvPath}
	}
	if reflectTypes[typ] {
		return receiver{kind: recvReflect, name: typ}
	}
	if p.typeVariableIn(from, typ) {
		return receiver{unknownType: "Object"} // any class at all, as far as its callbacks go
	}
	return receiver{unknownType: typ}
}

// typeVariableIn reports whether name is a type parameter of from, of a type enclosing it
// or of one of from's methods.
func (p *project) typeVariableIn(from *analysis.Type, name string) bool {
	for t := from; t != nil; t = p.snap.Type(t.Outer) {
		if hasTypeParam(t.TypeParams, name) || slices.ContainsFunc(t.Members, func(m *analysis.Member) bool { return hasTypeParam(m.TypeParams, name) }) {
			return true
		}
		if t.Outer == "" {
			break
		}
	}
	return false
}

// memberReceiver classifies the value of field or method m declared in t: its type, and
// for a collection the type arguments it was declared with.
func (p *project) memberReceiver(t *analysis.Type, m *analysis.Member) receiver {
	r := p.typeReceiver(t, m.ReturnType, false)
	if r.kind == recvCollection {
		r.elems = m.TypeArgs
	}
	return r
}

// functionTypes are JDK functional interfaces with the name of their one abstract method.
var functionTypes = map[string]string{
	"Supplier": "get", "Function": "apply", "BiFunction": "apply", "Consumer": "accept", "BiConsumer": "accept",
	"Predicate": "test", "BiPredicate": "test", "Runnable": "run", "Callable": "call", "UnaryOperator": "apply",
	"BinaryOperator": "apply", "IntSupplier": "getAsInt", "LongSupplier": "getAsLong", "DoubleSupplier": "getAsDouble",
	"BooleanSupplier": "getAsBoolean", "IntFunction": "apply", "ToIntFunction": "applyAsInt",
	"ToLongFunction": "applyAsLong", "ToDoubleFunction": "applyAsDouble", "IntPredicate": "test",
	"IntUnaryOperator": "applyAsInt", "IntBinaryOperator": "applyAsInt", "LongFunction": "apply",
	"DoubleFunction": "apply", "ToIntBiFunction": "applyAsInt", "ToLongBiFunction": "applyAsLong",
	"ToDoubleBiFunction": "applyAsDouble", "LongPredicate": "test", "DoublePredicate": "test",
	"LongUnaryOperator": "applyAsLong", "DoubleUnaryOperator": "applyAsDouble", "LongBinaryOperator": "applyAsLong",
	"DoubleBinaryOperator": "applyAsDouble", "IntConsumer": "accept", "LongConsumer": "accept",
	"DoubleConsumer": "accept", "ObjIntConsumer": "accept", "ObjLongConsumer": "accept", "ObjDoubleConsumer": "accept",
	"IntToLongFunction": "applyAsLong", "IntToDoubleFunction": "applyAsDouble", "LongToIntFunction": "applyAsInt",
	"LongToDoubleFunction": "applyAsDouble", "DoubleToIntFunction": "applyAsInt", "DoubleToLongFunction": "applyAsLong",
}

// primitiveParamFunctions are the JDK functional interfaces whose method takes only
// primitives: a lambda of one binds no object when it runs.
var primitiveParamFunctions = map[string]bool{
	"IntUnaryOperator": true, "IntBinaryOperator": true, "IntPredicate": true, "IntFunction": true, "IntConsumer": true,
	"IntToLongFunction": true, "IntToDoubleFunction": true, "LongUnaryOperator": true, "LongBinaryOperator": true,
	"LongPredicate": true, "LongFunction": true, "LongConsumer": true, "LongToIntFunction": true,
	"LongToDoubleFunction": true, "DoubleUnaryOperator": true, "DoubleBinaryOperator": true, "DoublePredicate": true,
	"DoubleFunction": true, "DoubleConsumer": true, "DoubleToIntFunction": true, "DoubleToLongFunction": true,
}

// effRun marks the site of a call that runs its receiver, a function value: the caller
// resolves it (scan records the receiver in facts.runs). Never part of a summary.
const effRun effFlags = 16

// effDispatch marks the site of a call on a receiver typed as a JDK interface whose project
// implementations (or proxies) cannot be told: the caller resolves it (scan records the
// receiver in facts.dispatches). Never part of a summary.
const effDispatch effFlags = 32

// elementReads are collection methods that change nothing, but for get and getOrDefault
// on an access-ordered map (see orderedByAccess).
var elementReads = map[string]bool{
	"get": true, "getFirst": true, "getLast": true, "iterator": true, "listIterator": true, "subList": true,
	"toArray": true, "stream": true, "first": true, "last": true, "keySet": true, "values": true,
	"entrySet": true, "firstKey": true, "lastKey": true, "getOrDefault": true, "element": true,
}

// orderedByAccess are the collection types that may be access-ordered LinkedHashMaps: get
// and getOrDefault reorder those (their views and iterators do not).
var orderedByAccess = map[string]bool{"Map": true, "LinkedHashMap": true, "HashMap": true, "SortedMap": true,
	"NavigableMap": true, "TreeMap": true}

// callEffect is what calling name/arity on r from inside type from may do.
func (p *project) callEffect(from *analysis.Type, r receiver, name string, arity int) effect {
	if name == "getClass" && arity == 0 && r.kind != recvProjectStatic {
		return effNone // Object#getClass is final: no code runs
	}
	switch r.kind {
	case recvFunction:
		if functionTypes[r.name] == name {
			// Running a function: what its body does is the caller's to resolve; it may
			// change and keep what it is given and return anything reachable from itself.
			if numericFunctions[r.name] {
				return effect{flags: effRun, ret: retArgs} // it is given numbers only
			}
			return effect{flags: effRun, mut: posAll &^ 1, store: posAll, ret: retArgs}
		}
		return unknown("unknown effect of " + r.name + "#" + name)
	case recvValue:
		// Immutable values change nothing; Optional.get() hands out what it holds.
		switch {
		case r.name == "Class" && classRunsCode[name]:
			return unknown("unknown effect of Class#" + name + " (it may run a constructor or a class initializer)")
		case r.name == "Optional" && optionalRuns[name], r.name == "String" && name == "transform":
			return effect{ret: retArgs, runs: posAll &^ 1} // the functions it is given
		case r.name == "Locale" && strings.HasPrefix(name, "getDisplay") && arity <= 0:
			return effect{flags: effReads} // in the default display locale
		}
		return effect{ret: retArgs}
	case recvFile:
		// A FileFilter argument of listFiles runs, as any function handed over.
		if p.fileMayRunProject(name) {
			return unknown("unknown effect of " + name + " (a project class may be this File)")
		}
		switch {
		case (name == "list" || name == "listFiles") && arity == 1:
			return effect{flags: effReads, runs: posOf(0)}
		case fileQueries[name] && (name != "equals" && name != "compareTo" || arity == 1):
			return effect{flags: effReads}
		case fileChanges[name]:
			return effect{flags: effReads | effWrites, why: "changes the file system (File#" + name + ")"}
		}
		return unknown("unknown effect of File#" + name)
	case recvPath:
		switch {
		case p.pathMayRunProject() && (name == "hashCode" && arity <= 0 || (name == "equals" || name == "compareTo") && arity == 1):
			// The JDK's Paths hash and compare their names; a project's, an anonymous
			// class's or a proxy's are among the callbacks.
			e := p.callbackEffect()
			e.mut |= 1
			return e
		case p.pathMayRunProject():
			return unknown("unknown effect of " + name + " (a project class may be this Path)")
		case pathNames[name]:
			return effNone
		case pathReads[name]:
			return effect{flags: effReads}
		}
		return unknown("unknown effect of Path#" + name)
	case recvFiles:
		if p.pathMayRunProject() {
			return unknown("unknown effect of Files#" + name + " (a project class may be a Path it is given)")
		}
		return filesEffect(name, r.args)
	case recvStream:
		// Stream operations run the functions they are given (lambdas written at the call
		// are read as part of it); collecting, sorting and de-duplicating run the callbacks
		// of the elements.
		if !streamOps[name] && !streamTerminals[name] {
			return unknown("unknown effect of Stream#" + name)
		}
		e := effect{ret: retArgs, runs: posAll &^ 1}
		switch name {
		case "collect":
			// A collector hashes the elements or what its functions make of them: the
			// caller reads those functions (see collectorCallbacks).
			e = e.or(p.elementCallbacks(r))
			e.flags |= effCallbacks
		case "distinct", "sorted", "min", "max":
			e = e.or(p.elementCallbacks(r))
		}
		return e
	case recvReflect:
		// A reflection object: its queries read it and its declaration; setAccessible
		// changes its own flag; invoke, get, set and newInstance run or reach other code.
		if !finalReflect[r.name] && (len(p.jdkSubtypes(r.name)) > 0 || p.anonOverrides(r.name, name)) {
			return unknown("unknown effect of " + name + " (a project class may be this " + r.name + ")")
		}
		switch {
		case reflectQueries[name]:
			return effNone
		case name == "setAccessible" && arity == 1 || name == "trySetAccessible" && arity == 0:
			return effect{mut: 1}
		}
		return unknown("unknown effect of " + r.name + "#" + name)
	case recvArray:
		// An array's methods are Object's: clone copies it (sharing its elements, which an
		// array of values does not have), the others compare and hash by identity.
		switch {
		case name == "clone" && arity == 0 && valueArrayType(r.name) && strings.Count(r.name, "[]") == 1:
			return effNone
		case name == "clone" && arity == 0:
			return effect{ret: retArgs}
		case name == "getClass" || name == "hashCode" || name == "toString" || name == "equals":
			return effNone
		}
		return unknown("unknown effect of " + name + " on an array")
	case recvPureStatic:
		// Math, Objects, Collections, Arrays…: no state changes, but views such as
		// Collections.unmodifiableList(xs) or Arrays.asList(a) share their argument, and
		// Objects.equals, Arrays.sort or String.valueOf run callbacks of what they get.
		// Arrays.sort, Collections.shuffle and the like change what they are given.
		e := effect{ret: retArgs}
		if r.name == "Calendar" {
			e.flags |= effReads // Calendar.getInstance() reads the default time zone and locale
		}
		if r.name == "Collectors" || strings.HasSuffix(r.name, "Stream") && (name == "generate" || name == "iterate") {
			// The collector or stream runs the functions it is given as the stream is used.
			e.runs = posAll &^ 1
		}
		if r.name == "Objects" && (name == "requireNonNull" && arity == 2 || name == "requireNonNullElseGet") {
			e.runs = posOf(1) // the message or default Supplier
		}
		if arity != 0 && hashingStatics[name] && !numericStatics[r.name] {
			e.flags |= effCallbacks
		}
		if arity != 0 && staticMutators[name] {
			e.mut, e.store = posAll&^1, posAll&^1
			if name == "setAll" || name == "parallelSetAll" || name == "parallelPrefix" {
				e.runs = posFrom(1) // the generator or operator
			}
		}
		return e
	case recvFramework:
		if comparesArguments(name) {
			return effect{flags: effCallbacks}
		}
		if p.frameworkAssertion(name) && !mutatesArguments(name) {
			return effNone
		}
		if mutatesArguments(name) {
			return effArgs
		}
		return unknown("unknown effect of " + name)
	case recvCollection:
		if r.final || !p.collectionOverrides(r.name) {
			return p.collectionEffect(r, name, arity)
		}
		own, ok := p.projectImplementations(r.name, name, arity)
		if !ok {
			if !jdkInterfaces[r.name] {
				return unknown("unknown effect of " + name + " (a project class may be this " + r.name + ")")
			}
			// An interface: the caller may tell which objects it runs (see dispatchKeys).
			e := p.collectionEffect(r, name, arity)
			e.flags |= effDispatch
			e.why = "unknown effect of " + name + " (a project class may be this " + r.name + ")"
			return e
		}
		return p.collectionEffect(r, name, arity).or(own)
	case recvUnqualified:
		var cands []memberRef
		if from != nil {
			cands = p.methodsIn(from, name, arity)
		}
		if len(cands) == 0 && from != nil && from.Kind == "class" && p.closedChain(from) && (name == "hashCode" && arity <= 0 || name == "equals" && arity == 1) {
			// Object's, on this (no library superclass): identity, unless a subclass
			// overrides it.
			if subs, ok := p.dispatch([]*analysis.Type{from}, name, arity); ok {
				return p.join(p.applicable(subs, r.args))
			}
		}
		if len(cands) == 0 {
			if p.frameworkAssertion(name) {
				if mutatesArguments(name) {
					return effArgs
				}
				if comparesArguments(name) {
					return effect{flags: effCallbacks}
				}
				return effNone
			}
			return unknown("unknown effect of " + name)
		}
		cands, ok := p.withOverrides(from, cands, name, arity)
		if !ok || len(cands) == 0 {
			return unknown("unknown effect of " + name + " (overridable)")
		}
		return p.join(p.applicable(cands, r.args))
	case recvProjectStatic:
		var cands []memberRef
		e := effNone
		for _, t := range r.types {
			cands = append(cands, p.methodsOf(t, name, arity)...)
			e = e.or(p.triggerInit(from, t))
		}
		if len(cands) == 0 {
			return unknown("unknown effect of " + name)
		}
		return e.or(p.join(p.applicable(cands, r.args)))
	case recvProject:
		if r.exact {
			cands := p.exactTargets(r.types[0], name, arity)
			if len(cands) == 0 {
				return unknown("unknown effect of " + typeNames(r.types) + "#" + name)
			}
			return p.join(p.applicable(cands, r.args))
		}
		if len(r.types) == 1 {
			if sam, ok := p.functionalMethod(r.types[0]); ok && sam == name {
				// Running a function value of a project functional interface: what runs is
				// the caller's to resolve, as for the JDK's (recvFunction). It can change or
				// keep only the objects it is given, not numbers.
				objs := p.objectParams(r.types[0], name, arity)
				e := effect{flags: effRun, mut: objs, store: objs | 1, ret: retArgs}
				if objs == 0 {
					e.store = 0
				}
				return e
			}
		}
		cands, ok := p.dispatch(r.types, name, arity)
		if ok && len(cands) == 0 && p.objectsOnly(r.types) {
			switch {
			case name == "toString" && arity <= 0:
				// Object's: the class name and hashCode, which may be overridden.
				return p.callEffect(from, r, "hashCode", 0)
			case name == "hashCode" && arity <= 0, name == "equals" && arity == 1:
				return effNone // Object's: identity
			}
		}
		if !ok || len(cands) == 0 {
			return unknown("unknown effect of " + typeNames(r.types) + "#" + name)
		}
		return p.join(p.applicable(cands, r.args))
	}
	if calls, ok := inheritedCalls[r.unknownType][name]; (ok && onlyHashes(calls) || r.unknownType == "Comparator") &&
		r.kind == recvUnknown && (name == "hashCode" && arity <= 0 || name == "equals" && arity == 1 || name == "toString" && arity <= 0) {
		// An Object or a type variable (any class), a JDK class whose hashCode, equals or
		// toString calls none of its own methods (URLConnection), or a Comparator (the
		// JDK's keep Object's methods or an enum's name): what runs is the JDK's or a
		// project, anonymous or proxy class's, declared or inherited from a library class,
		// all among the callbacks.
		e := p.callbackEffect()
		e.mut |= 1 // a subclass's may change the receiver (a cached hash)
		return e
	}
	return unknown("unknown effect of " + name)
}

// objectsOnly reports whether every class an instance of types may have descends from
// project classes only (closedChain), so that a method none of them declares is Object's.
func (p *project) objectsOnly(types []*analysis.Type) bool {
	for _, t := range types {
		for _, s := range append([]*analysis.Type{t}, p.subtypes(t)...) {
			if (s.Kind == "class" || s.Kind == "enum") && !p.closedChain(s) {
				return false
			}
		}
	}
	return true
}

// numericFunctions are the JDK functional interfaces whose method takes primitives only (or
// nothing): running one can change or keep nothing it is given.
var numericFunctions = map[string]bool{
	"IntUnaryOperator": true, "LongUnaryOperator": true, "DoubleUnaryOperator": true,
	"IntBinaryOperator": true, "LongBinaryOperator": true, "DoubleBinaryOperator": true,
	"IntPredicate": true, "LongPredicate": true, "DoublePredicate": true,
	"IntConsumer": true, "LongConsumer": true, "DoubleConsumer": true,
	"IntFunction": true, "LongFunction": true, "DoubleFunction": true,
	"IntToLongFunction": true, "IntToDoubleFunction": true, "LongToIntFunction": true,
	"LongToDoubleFunction": true, "DoubleToIntFunction": true, "DoubleToLongFunction": true,
	"IntSupplier": true, "LongSupplier": true, "DoubleSupplier": true, "BooleanSupplier": true,
}

// objectParams returns the positions of the parameters of t's method name/arity that take
// objects rather than primitives (every argument when the method cannot be found).
func (p *project) objectParams(t *analysis.Type, name string, arity int) posSet {
	for _, r := range p.methodsOf(t, name, arity) {
		if len(r.m.Params) != arity || r.m.Varargs {
			continue
		}
		var objs posSet
		for i, typ := range r.m.Params {
			if !primitive[typ] {
				objs |= posOf(i)
			}
		}
		return objs
	}
	return posAll &^ 1
}

// functionalMethod returns the name of the one abstract method of project interface t
// when every supertype of t is a project interface too, so that the name is all a lambda
// or method reference implementing t can run (FailableRunnable#run).
func (p *project) functionalMethod(t *analysis.Type) (string, bool) {
	hier := append([]*analysis.Type{t}, p.supertypes(t)...)
	for _, y := range hier {
		if y.Kind != "interface" || slices.ContainsFunc(y.Extends, func(n string) bool { return len(p.resolve(y, n)) == 0 }) {
			return "", false // a library superinterface's methods are not listed
		}
	}
	names := p.abstractNames(hier)
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// collectionEffect is what name/arity does on a receiver of the JDK collection or builder
// type r, by the tables: what the JDK's own implementations do.
func (p *project) collectionEffect(r receiver, name string, arity int) effect {
	if arity == 0 && (name == "hashCode" || name == "toString") {
		// A collection hashes and prints itself by hashing and printing its elements.
		return p.elementCallbacks(r)
	}
	var cb effFlags
	if arity != 0 && hashingCalls[name] && !calendars[r.name] {
		cb = effCallbacks // hashCode, equals, compareTo… of project arguments may run
	}
	if name == "append" || name == "insert" {
		// StringBuilder, StringBuffer: the arguments are copied as text.
		return effect{flags: cb, mut: 1, ret: retArgs}
	}
	if r.name == "ThreadLocal" && name == "get" && arity <= 0 {
		// This thread's value, made by the function the ThreadLocal keeps on the first get.
		return effect{ret: retArgs, runs: 1}
	}
	if elementReads[name] && r.name != "" && !(orderedByAccess[r.name] && !r.final && (name == "get" || name == "getOrDefault")) {
		return effect{flags: cb, ret: retArgs} // views and elements of the receiver
	}
	if collectionReads[name] {
		if name == "peek" {
			return effect{flags: cb, ret: retArgs}
		}
		return effect{flags: cb}
	}
	if calendars[r.name] {
		return calendarEffect(name)
	}
	e := effLocal
	e.flags |= cb
	if pos, ok := functionArgs[name]; ok && arity > 0 {
		if pos < 0 {
			pos = arity - 1
		}
		e.runs = posOf(pos) // forEach(f), computeIfAbsent(k, f): the function runs in the call
	}
	return e
}

// functionArgs are the JDK collection methods that run a function they are given, with the
// argument it is (-1: the last one).
var functionArgs = map[string]int{
	"forEach": 0, "forEachRemaining": 0, "removeIf": 0, "replaceAll": 0, "sort": 0,
	"computeIfAbsent": -1, "computeIfPresent": -1, "compute": -1, "merge": -1,
	"updateAndGet": 0, "getAndUpdate": 0, "accumulateAndGet": -1, "getAndAccumulate": -1, // atomics
}

func typeNames(ts []*analysis.Type) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return strings.Join(out, "|")
}

// returnsInertFunctions reports whether every function value method r may return changes
// nothing when it runs: its body is one return of a lambda or method reference that reads
// at most, or of a static field of a project class that holds one from its initializer
// and is never assigned elsewhere (final, or private and assigned nowhere else in its
// file). Casts around the value are read through.
func (p *project) returnsInertFunctions(r memberRef) bool {
	return p.memo(r.m.ID+inertFnKey, func() effect { return p.inertFunctionsProof(r) }) == effNone
}

// inInitKey ends the memo key of a static method's summary as its class's initialization
// runs it (see inInitEffect).
const inInitKey = "#<in-init>"

// inInitEffect is the effect of static method r of class t when t's initialization runs
// it: t's static fields are local then, as in the initializer itself (see clinitEffect),
// so filling a static table through helpers (ArchUtils.init() → addProcessors →
// addProcessor) is initializing the class, not writing shared state.
func (p *project) inInitEffect(r memberRef) effect {
	return p.memo(r.m.ID+inInitKey, func() effect { return p.summarize(r.t, r.m, bodyMode{clinit: true}) })
}

// inInitCall gives the effect of a call (m(…) or T.m(…), chain) that a class's
// initialization makes of its own static methods (inInitEffect); ok is false for any other
// call, or outside initialization.
func (c *scanCtx) inInitCall(chain []segment, arity int, args []string) (effect, bool) {
	t := c.initOf
	if t == nil || len(chain) > 2 || !chain[len(chain)-1].call {
		return effect{}, false
	}
	if len(chain) == 2 {
		q := chain[0].name
		_, local := c.locals[q]
		ts := c.p.resolve(c.t, q)
		if chain[0].call || chain[0].fresh || chain[0].cast != "" || local || c.p.fieldOf(c.t, q) != nil || len(ts) != 1 || ts[0].ID != t.ID {
			return effect{}, false
		}
	}
	name := chain[len(chain)-1].name
	cands := c.p.applicable(c.p.methodsOf(t, name, arity), args)
	if len(chain) == 1 {
		cands = c.p.applicable(c.p.methodsIn(c.t, name, arity), args)
	}
	if len(cands) == 0 {
		return effect{}, false
	}
	e := effNone
	for _, r := range cands {
		if r.t.ID != t.ID || !r.m.Static() || r.m.Kind != analysis.KindMethod {
			return effect{}, false
		}
		e = e.or(c.p.inInitEffect(r))
	}
	return e, true
}

// inertFnKey ends the memo key of returnsInertFunctions' proof for a method, so that an
// edit of its file proves it again (see Discovery.proofsStillHold).
const inertFnKey = "#<returns-inert-functions>"

// inertFunctionsProof is returnsInertFunctions as a proof: effNone when it holds,
// effGlobal when not.
func (p *project) inertFunctionsProof(r memberRef) effect {
	if p.returnsInert(r) {
		return effNone
	}
	return effGlobal
}

func (p *project) returnsInert(r memberRef) bool {
	f := p.fileOf(r.t)
	if f == nil || r.m.BodyEnd <= r.m.BodyStart {
		return false
	}
	src, err := p.source(f.Path)
	if err != nil || r.m.BodyEnd > len(src) {
		return false
	}
	toks := analysis.Lex(src, r.m.BodyStart, r.m.BodyEnd)
	// { return EXPR ; }
	if len(toks) < 4 || !toks[0].Is(src, "{") || !toks[1].Is(src, "return") || !toks[len(toks)-1].Is(src, "}") ||
		!toks[len(toks)-2].Is(src, ";") {
		return false
	}
	expr := toks[2 : len(toks)-2]
	for len(expr) > 0 && expr[0].Is(src, "(") {
		c := matchClose(src, expr, 0)
		if c <= 0 || c+1 >= len(expr) || !typeTokens(src, expr[1:c]) {
			break
		}
		expr = expr[c+1:] // (Supplier<T>) NUL
	}
	if topLevel(src, expr, 0, len(expr), "->", "::") {
		// The expression is a lambda or method reference (a call taking one returns what
		// it likes): read as running where it is written.
		return p.memberEffect(r).readsAtMost()
	}
	var owner []*analysis.Type
	var name string
	switch {
	case len(expr) == 1 && expr[0].Kind == analysis.TokIdent:
		owner, name = []*analysis.Type{r.t}, expr[0].Text(src)
	case len(expr) == 3 && expr[1].Is(src, ".") && expr[2].Kind == analysis.TokIdent:
		owner, name = p.resolve(r.t, expr[0].Text(src)), expr[2].Text(src)
	default:
		return false
	}
	if len(owner) != 1 {
		return false
	}
	return p.holdsInertFunctions(r.t, owner[0], name)
}

// holdsInertFunctions reports whether the static field name of owner, read in code of
// type from, holds functions that change nothing when they run: it keeps what its
// initializer gives it, whose lambdas and method references read at most (read where
// they are written). The field must be declared in from's file: an edit elsewhere would
// not prove from's summaries again.
func (p *project) holdsInertFunctions(from, owner *analysis.Type, name string) bool {
	f := p.fileOf(owner)
	if f == nil || f != p.fileOf(from) {
		return false
	}
	fm := p.fieldOf(owner, name)
	if fm == nil || !fm.Static() || fm.BodyEnd <= fm.BodyStart || !p.assignedOnlyInInitializer(owner, fm) {
		return false
	}
	fsrc, err := p.source(f.Path)
	if err != nil {
		return false
	}
	if !slices.ContainsFunc(analysis.Lex(fsrc, fm.BodyStart, fm.BodyEnd), func(t analysis.Token) bool {
		return t.Is(fsrc, "->") || t.Is(fsrc, "::")
	}) {
		return false
	}
	e := p.summarize(owner, fm, bodyMode{clinit: true})
	return e.readsAtMost()
}

// typeTokens reports whether toks can be the type of a cast: names, dots, type arguments,
// wildcards and array brackets.
func typeTokens(src []byte, toks []analysis.Token) bool {
	for _, t := range toks {
		if t.Kind != analysis.TokIdent && !t.Is(src, ".") && !t.Is(src, "<") && !t.Is(src, ">") && !t.Is(src, ",") &&
			!t.Is(src, "?") && !t.Is(src, "[") && !t.Is(src, "]") && !t.Is(src, "extends") && !t.Is(src, "super") {
			return false
		}
	}
	return len(toks) > 0
}

// keepsInitialValue reports whether static field f is a value that never changes though
// not final: private, of an immutable type, and assigned nowhere but its initializer
// (private static boolean debug = false). Only its own file can read it, so an edit that
// assigns it proves that file's summaries again.
func (p *project) keepsInitialValue(f *analysis.Member) bool {
	if !f.Static() || !isPrivate(f) || !valueTypes[analysis.EraseType(f.ReturnType)] || f.ReturnType == "Optional" {
		return false
	}
	owner := p.snap.Type(ownerOfKey(f.ID))
	return owner != nil && p.assignedOnlyInInitializer(owner, f)
}

// assignedOnlyInInitializer reports whether static field fm of t keeps the value its
// initializer gives it: it is final, or private and its file never assigns its name.
func (p *project) assignedOnlyInInitializer(t *analysis.Type, fm *analysis.Member) bool {
	if hasString(fm.Modifiers, "final") {
		return true
	}
	if !isPrivate(fm) {
		return false
	}
	f := p.fileOf(t)
	if f == nil {
		return false
	}
	src, err := p.source(f.Path)
	if err != nil {
		return false
	}
	toks := analysis.Lex(src, 0, len(src))
	for _, a := range assignments(src, toks) {
		declaration := a.rootIdx >= 0 && toks[a.rootIdx].Start >= fm.Start && toks[a.rootIdx].Start < fm.End
		if a.target[len(a.target)-1] == fm.Name && !declaration {
			return false
		}
	}
	return true
}

// applicable keeps the candidates whose parameters may take arguments of the known types
// args (all of them when none would: broken code or a gap in the typing).
func (p *project) applicable(cands []memberRef, args []string) []memberRef {
	if len(cands) < 2 || len(args) == 0 {
		return cands
	}
	out := slices.DeleteFunc(slices.Clone(cands), func(c memberRef) bool {
		return !compatibleArgs(c.m, args, func(name string) bool { return p.typeVariable(c, name) })
	})
	if len(out) == 0 {
		return cands
	}
	return out
}

// typeVariable reports whether name is a type parameter r's parameters may be declared
// with: r's own, its class's or an enclosing class's.
func (p *project) typeVariable(r memberRef, name string) bool {
	if hasTypeParam(r.m.TypeParams, name) {
		return true
	}
	for t := r.t; t != nil; t = p.snap.Type(t.Outer) {
		if hasTypeParam(t.TypeParams, name) {
			return true
		}
		if t.Outer == "" {
			break
		}
	}
	return false
}

// boxTargets are the reference types a primitive argument may be boxed into: its box
// and the box's supertypes.
var boxTargets = map[string]bool{"Object": true, "Number": true, "Comparable": true, "Serializable": true,
	"Constable": true, "ConstantDesc": true, "Integer": true, "Long": true, "Short": true, "Byte": true,
	"Character": true, "Boolean": true, "Float": true, "Double": true}

// arrayTargets are the reference types other than arrays an array may be passed as.
var arrayTargets = map[string]bool{"Object": true, "Cloneable": true, "Serializable": true}

// compatibleArgs reports whether m's parameters may take arguments of the known types args
// ("" unknown). Only what Java's typing rules out for certain counts: an array where the
// parameter is a primitive or a value type, a primitive array where it is another array, a
// reference array where it is a primitive array, an array where it is neither an array nor
// Object, Cloneable or Serializable, a lambda or method reference (functionArg) where it is
// a primitive or an array, a primitive where it is an array, or a
// reference type no box is (writeImpl(b) with an int b is not writeImpl(InputStream)) and
// no type variable (typeVar) names. A varargs parameter takes anything.
func compatibleArgs(m *analysis.Member, args []string, typeVar func(string) bool) bool {
	for i, a := range args {
		if a == "" || i >= len(m.Params) || m.Varargs && i >= len(m.Params)-1 {
			continue
		}
		param := m.Params[i]
		argArray, paramArray := strings.HasSuffix(a, "[]"), strings.HasSuffix(param, "[]")
		// char[] is an array of primitives; char[][] an array of arrays, which are objects.
		argPrimArray := argArray && primitive[strings.TrimSuffix(a, "[]")]
		paramPrimArray := paramArray && primitive[strings.TrimSuffix(param, "[]")]
		switch {
		case argArray && !paramArray && (primitive[param] || immutableType(param)):
			return false // char[] into int, String
		case argPrimArray && paramArray && param != a:
			return false // char[] into int[], T[], Object[]
		case argArray && !argPrimArray && paramPrimArray:
			return false // String[] into char[]
		case primitive[a] && paramArray:
			return false // int into int[]
		case a == functionArg && (paramArray || primitive[param]):
			return false // a lambda into int
		case argArray && !paramArray && !arrayTargets[simpleName(analysis.EraseType(param))] && !typeVar(simpleName(analysis.EraseType(param))):
			return false // Type[] into Supplier
		case primitive[a] && !primitive[param]:
			if name := simpleName(analysis.EraseType(param)); !boxTargets[name] && !typeVar(name) {
				return false // int into InputStream
			}
		}
	}
	return true
}

func (p *project) join(cands []memberRef) effect {
	e := effNone
	for _, c := range cands {
		e = e.or(p.memberEffect(c))
	}
	return e
}

// jdkSupers lists, for the JDK collection and builder types a receiver may be typed as
// (collectionTypes) and the JDK classes and interfaces project code extends to make one,
// their supertypes among them.
var jdkSupers = map[string][]string{
	"Iterable": nil, "Collection": nil, "Map": nil, "Iterator": nil, "ListIterator": {"Iterator"},
	"List": {"Collection"}, "Set": {"Collection"}, "Queue": {"Collection"}, "Deque": {"Queue", "Collection"},
	"SortedSet": {"Set", "Collection"}, "NavigableSet": {"SortedSet", "Set", "Collection"},
	"SortedMap": {"Map"}, "NavigableMap": {"SortedMap", "Map"}, "Path": {"Iterable"},
	"AbstractCollection": {"Collection"}, "AbstractList": {"AbstractCollection", "List", "Collection"},
	"AbstractSequentialList": {"AbstractList", "AbstractCollection", "List", "Collection"},
	"AbstractSet":            {"AbstractCollection", "Set", "Collection"}, "AbstractQueue": {"AbstractCollection", "Queue", "Collection"},
	"AbstractMap": {"Map"}, "RandomAccess": nil,
	"ArrayList":     {"AbstractList", "AbstractCollection", "List", "Collection"},
	"LinkedList":    {"AbstractSequentialList", "AbstractList", "AbstractCollection", "List", "Deque", "Queue", "Collection"},
	"Vector":        {"AbstractList", "AbstractCollection", "List", "Collection"},
	"Stack":         {"Vector", "AbstractList", "AbstractCollection", "List", "Collection"},
	"HashMap":       {"AbstractMap", "Map"},
	"LinkedHashMap": {"HashMap", "AbstractMap", "Map"},
	"TreeMap":       {"AbstractMap", "NavigableMap", "SortedMap", "Map"},
	"Hashtable":     {"Map"}, "Properties": {"Hashtable", "Map"},
	"HashSet":       {"AbstractSet", "AbstractCollection", "Set", "Collection"},
	"LinkedHashSet": {"HashSet", "AbstractSet", "AbstractCollection", "Set", "Collection"},
	"TreeSet":       {"AbstractSet", "AbstractCollection", "NavigableSet", "SortedSet", "Set", "Collection"},
	"ArrayDeque":    {"AbstractCollection", "Deque", "Queue", "Collection"},
	"ConcurrentMap": {"Map"}, "ConcurrentHashMap": {"AbstractMap", "ConcurrentMap", "Map"},
	"ConcurrentSkipListMap": {"AbstractMap", "ConcurrentMap", "NavigableMap", "SortedMap", "Map"},
	"ConcurrentSkipListSet": {"AbstractSet", "AbstractCollection", "NavigableSet", "SortedSet", "Set", "Collection"},
	"CopyOnWriteArrayList":  {"List", "Collection"}, "CopyOnWriteArraySet": {"AbstractSet", "AbstractCollection", "Set", "Collection"},
	"ConcurrentLinkedQueue": {"AbstractQueue", "AbstractCollection", "Queue", "Collection"},
	"ConcurrentLinkedDeque": {"AbstractCollection", "Deque", "Queue", "Collection"},
	"PriorityQueue":         {"AbstractQueue", "AbstractCollection", "Queue", "Collection"},
	"StringWriter":          {"Writer"}, "CharArrayWriter": {"Writer"}, "StringReader": {"Reader"}, "CharArrayReader": {"Reader"},
	"ByteArrayOutputStream": {"OutputStream"}, "ByteArrayInputStream": {"InputStream"},
	"AtomicInteger": {"Number"}, "AtomicLong": {"Number"}, "AtomicBoolean": nil, "AtomicReference": nil,
	"CharSequence": nil, "BitSet": nil, "ReentrantLock": nil, "ThreadLocal": nil, "Calendar": nil, "GregorianCalendar": {"Calendar"}, "Date": nil,
}

// unrelatedJDK are JDK supertypes of project classes that are no collection or builder
// type a receiver may be typed as, nor a subtype of one.
var unrelatedJDK = map[string]bool{
	"Object": true, "Serializable": true, "Cloneable": true, "Comparable": true, "Comparator": true, "Formattable": true,
	"Runnable": true, "Callable": true, "AutoCloseable": true, "Closeable": true, "Flushable": true,
	"Externalizable": true, "Number": true, "Enum": true, "Record": true, "Writer": true, "Reader": true,
	"InputStream": true, "OutputStream": true, "Appendable": true, "Readable": true,
	"Throwable": true, "Thread": true, "EventListener": true, "EventObject": true, "Annotation": true,
	"Random": true, "Format": true, "NumberFormat": true, "DecimalFormat": true, "TimerTask": true, "ClassLoader": true,
	"AccessibleObject": true, "File": true,
	"PrintWriter": true, "PrintStream": true, "FilterOutputStream": true, "FilterInputStream": true,
	"FilterWriter": true, "FilterReader": true, "BufferedReader": true, "BufferedWriter": true,
	"ActionListener": true, "Component": true, "JComponent": true, "JFrame": true, "JPanel": true,
	"TestCase": true, "Assert": true, "Statement": true, "Runner": true, "ParentRunner": true,
	"BlockJUnit4ClassRunner": true, "Suite": true, "TestRule": true, "TestWatcher": true, "ExternalResource": true,
	"ArgumentsProvider": true, "Extension": true, "BaseMatcher": true, "TypeSafeMatcher": true, "Matcher": true,
	// Neither collections nor builders, nor supertypes of one: map entries, futures,
	// listeners, reflection's types, time zones and temporals, message formats, object
	// streams, tokenizers, spliterators and collectors.
	"Entry": true, "Future": true, "Delayed": true, "ScheduledFuture": true, "RunnableFuture": true,
	"PropertyChangeListener": true, "VetoableChangeListener": true, "InvocationHandler": true,
	"Type": true, "WildcardType": true, "ParameterizedType": true, "GenericArrayType": true, "TypeVariable": true,
	"ThreadFactory": true, "TimeZone": true, "MessageFormat": true, "Temporal": true, "TemporalAccessor": true,
	"TemporalAmount": true, "TemporalAdjuster": true, "ObjectOutputStream": true, "ObjectInputStream": true,
	"StringTokenizer": true, "Enumeration": true, "Spliterator": true, "AbstractSpliterator": true, "Collector": true,
	"Container": true, "Permission": true, "BasicPermission": true, "Policy": true, "PrivilegedAction": true,
	"PrivilegedExceptionAction": true, "Action": true, "AbstractAction": true, "WindowAdapter": true,
	"ItemListener": true, "DocumentListener": true, "ChangeListener": true,
}

// jdkInterfaces are the collection and builder types that are interfaces: a dynamic proxy
// may be one (it cannot be an instance of a class).
var jdkInterfaces = map[string]bool{
	"List": true, "Map": true, "Set": true, "Collection": true, "Deque": true, "Queue": true, "Iterator": true,
	"ListIterator": true, "Iterable": true, "SortedMap": true, "SortedSet": true, "NavigableMap": true,
	"NavigableSet": true, "CharSequence": true, "ConcurrentMap": true,
}

// collectionOverrides reports whether a receiver typed as the JDK collection or builder
// type recv ("" when not known) may be an instance of project code: a project type, or an
// anonymous or local class written in the project, that extends or implements it, or, for
// an interface, a dynamic proxy the project makes. Its methods, and the JDK methods that
// call them, may then run project code. A project class with a library supertype the
// tables do not know may be anything.
func (p *project) collectionOverrides(recv string) bool {
	if p.collSubs == nil {
		p.collSubs = map[string]bool{}
		add := func(n string) {
			switch sup, known := jdkSupers[n]; {
			case known:
				p.collSubs[n] = true
				for _, s := range sup {
					p.collSubs[s] = true
				}
			case !unrelatedJDK[n] && !strings.HasSuffix(n, "Exception") && !strings.HasSuffix(n, "Error") && functionTypes[n] == "":
				p.collSubs["*"] = true
			}
		}
		for _, rel := range p.snap.SortedPaths() {
			for _, t := range p.snap.Files[rel].Types {
				if p.overridesNothing(t) {
					continue // its instances run library code only
				}
				for _, x := range append([]*analysis.Type{t}, p.supertypes(t)...) {
					for _, n := range append(append([]string{}, x.Extends...), x.Implements...) {
						if len(p.resolve(x, n)) == 0 {
							add(simpleName(n))
						}
					}
				}
			}
		}
		for n := range p.anonymousSubclassed() {
			switch {
			case n == handlerKey:
			case n == proxyKey:
				p.collSubs[proxyKey] = true // a proxy implements interfaces only
			case len(p.bySimple[n]) == 0:
				add(n)
			}
		}
	}
	return p.collSubs["*"] || p.collSubs[recv] || p.collSubs[proxyKey] && jdkInterfaces[recv] ||
		recv == "" && len(p.collSubs) > 0
}

// overridesNothing reports whether t is a class that neither it nor any project
// supertype gives an instance method (one with a name a library supertype could call):
// a subclass of a library class adding state or constructors only
// ("class TestArrayList extends ArrayList<String> { final int extra; … }"). Its
// instances run the library's code alone, as the library class's own would.
func (p *project) overridesNothing(t *analysis.Type) bool {
	if t.Kind != "class" || len(p.anonymousSubclassed()[t.Name]) > 0 {
		return false
	}
	for _, x := range append([]*analysis.Type{t}, p.supertypes(t)...) {
		if declaresInstanceMethods(x) {
			return false
		}
	}
	return true
}

// declaresInstanceMethods reports whether t declares a method a subclass's instances may
// run through a library supertype: one neither static nor private.
func declaresInstanceMethods(t *analysis.Type) bool {
	return slices.ContainsFunc(t.Members, func(m *analysis.Member) bool {
		return m.Kind == analysis.KindMethod && !m.Static() && !isPrivate(m)
	})
}

// projectImplementations is what calling name/arity may run on a receiver typed as the JDK
// collection or builder type recv when project classes extend or implement it: the join of
// the methods each concrete one runs for the call. ok is false when that cannot be told: a
// project type with a library supertype the tables do not know, an anonymous or local
// subclass, a project interface lambdas may implement, a class whose method comes from a
// library superclass or an interface's default (library code that may call back project
// overrides), or an implementation that calls a super method.
func (p *project) projectImplementations(recv, name string, arity int) (effect, bool) {
	if recv == "" || p.collSubs["*"] || p.collSubs[proxyKey] && jdkInterfaces[recv] {
		return effNone, false
	}
	anon := p.anonymousSubclassed()
	for n := range anon {
		if len(p.bySimple[n]) == 0 && (n == recv || slices.Contains(jdkSupers[n], recv)) && p.anonOverrides(n, name) {
			return effNone, false
		}
	}
	e := effNone
	for _, t := range p.jdkSubtypes(recv) {
		if p.anonOverrides(t.Name, name) || t.Kind == "interface" && p.lambdaTarget(t) {
			return effNone, false
		}
		if p.overridesNothing(t) {
			continue // the library's code only, which the caller reads
		}
		if t.Kind == "interface" || hasString(t.Modifiers, "abstract") {
			continue // its concrete subclasses are listed too
		}
		impls := p.implementationsIn(t, name, arity)
		if len(impls) == 0 {
			return effNone, false
		}
		for _, r := range impls {
			for _, c := range r.m.Refs.Calls {
				if c.Super {
					return effNone, false
				}
			}
			e = e.or(p.memberEffect(r))
		}
	}
	return e, true
}

// implementationsIn returns the methods name/arity with a body that class t runs: its own,
// else the nearest project superclass's; none when the chain reaches a library class (or
// Object) first.
func (p *project) implementationsIn(t *analysis.Type, name string, arity int) []memberRef {
	seen := map[string]bool{}
	for cur := t; cur != nil && !seen[cur.ID]; {
		seen[cur.ID] = true
		p.note("M:" + cur.ID + "#" + name)
		var out []memberRef
		for _, m := range cur.Members {
			if m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) && m.BodyEnd > m.BodyStart {
				out = append(out, memberRef{m, cur})
			}
		}
		if len(out) > 0 || len(cur.Extends) == 0 {
			return out
		}
		sup := p.resolve(cur, cur.Extends[0])
		if len(sup) != 1 {
			return nil
		}
		cur = sup[0]
	}
	return nil
}

// jdkSubtypes returns the project types that extend or implement the JDK type recv,
// directly or through a project supertype or a JDK subtype of it (jdkSupers).
func (p *project) jdkSubtypes(recv string) []*analysis.Type {
	if subs, ok := p.jdkSubs[recv]; ok {
		return subs
	}
	var subs []*analysis.Type
	for _, rel := range p.snap.SortedPaths() {
		for _, t := range p.snap.Files[rel].Types {
			if p.extendsJDK(t, recv) {
				subs = append(subs, t)
			}
		}
	}
	if p.jdkSubs == nil {
		p.jdkSubs = map[string][]*analysis.Type{}
	}
	p.jdkSubs[recv] = subs
	return subs
}

// extendsJDK reports whether t or a project supertype names recv, or a JDK subtype of it,
// among its supertypes.
func (p *project) extendsJDK(t *analysis.Type, recv string) bool {
	for _, x := range append([]*analysis.Type{t}, p.supertypes(t)...) {
		for _, n := range append(append([]string{}, x.Extends...), x.Implements...) {
			if len(p.resolve(x, n)) > 0 {
				continue
			}
			if sn := simpleName(n); sn == recv || slices.Contains(jdkSupers[sn], recv) {
				return true
			}
		}
	}
	return false
}

// simpleName is the simple name of a written type: no type arguments, no package.
func simpleName(typ string) string {
	typ = analysis.EraseType(typ)
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		typ = typ[i+1:]
	}
	return typ
}

// hashingCalls are the JDK collection and builder methods that may run hashCode, equals,
// compareTo, compare or toString of their arguments (or of elements they are given).
var hashingCalls = map[string]bool{
	"add": true, "addAll": true, "put": true, "putAll": true, "putIfAbsent": true, "contains": true,
	"containsAll": true, "containsKey": true, "containsValue": true, "remove": true, "removeAll": true,
	"retainAll": true, "indexOf": true, "lastIndexOf": true, "get": true, "getOrDefault": true,
	"compute": true, "computeIfAbsent": true, "computeIfPresent": true, "merge": true, "replace": true,
	"equals": true, "append": true, "insert": true, "offer": true, "push": true, "addFirst": true,
	"addLast": true, "offerFirst": true, "offerLast": true, "sort": true, "set": true, "removeFirstOccurrence": true,
	"removeLastOccurrence": true, "ceiling": true, "floor": true, "higher": true, "lower": true,
	"headSet": true, "tailSet": true, "subSet": true, "headMap": true, "tailMap": true, "subMap": true,
	"ceilingKey": true, "floorKey": true, "higherKey": true, "lowerKey": true, "ceilingEntry": true,
	"floorEntry": true, "higherEntry": true, "lowerEntry": true, "binarySearch": true,
}

// hashingStatics are the static JDK methods (Objects, Arrays, Collections, String…) that may
// run hashCode, equals, compareTo, compare or toString of their arguments.
// numericStatics are the pure static classes whose methods take numbers, characters,
// booleans and strings only (Math.max, Integer.compare): none runs project code.
var numericStatics = map[string]bool{"Math": true, "StrictMath": true, "Integer": true, "Long": true, "Short": true,
	"Byte": true, "Double": true, "Float": true, "Character": true, "Boolean": true, "BigDecimal": true, "BigInteger": true}

var hashingStatics = map[string]bool{
	"equals": true, "deepEquals": true, "hash": true, "hashCode": true, "deepHashCode": true,
	"toString": true, "deepToString": true, "valueOf": true, "sort": true, "parallelSort": true,
	"binarySearch": true, "compare": true, "max": true, "min": true, "frequency": true, "disjoint": true,
	"format": true, "join": true, "indexOfSubList": true, "lastIndexOfSubList": true, "requireNonNullElse": false,
	"mismatch": true, "fill": false, "replaceAll": true, "rotate": false,
}

// streamOps are the stream operations that return a stream; streamTerminals those that
// consume one.
var streamOps = map[string]bool{
	"filter": true, "map": true, "mapToInt": true, "mapToLong": true, "mapToDouble": true, "mapToObj": true,
	"flatMap": true, "distinct": true, "sorted": true, "peek": true, "limit": true, "skip": true, "boxed": true,
	"asDoubleStream": true, "asLongStream": true, "sequential": true, "unordered": true, "takeWhile": true,
	"dropWhile": true,
}

var streamTerminals = map[string]bool{
	"forEach": true, "forEachOrdered": true, "collect": true, "reduce": true, "findFirst": true, "findAny": true,
	"anyMatch": true, "allMatch": true, "noneMatch": true, "count": true, "toArray": true, "toList": true,
	"min": true, "max": true, "sum": true, "average": true, "iterator": true, "summaryStatistics": true,
}

// staticMutators are the static methods of Arrays and Collections that change the array or
// collection they are given (and may keep other arguments in it).
var staticMutators = map[string]bool{
	"sort": true, "parallelSort": true, "fill": true, "setAll": true, "parallelSetAll": true,
	"parallelPrefix": true, "shuffle": true, "reverse": true, "swap": true, "rotate": true, "copy": true,
	"addAll": true, "replaceAll": true,
}

// hashedJDK are JDK classes whose constructors hash or compare the elements they copy.
var hashedJDK = map[string]bool{"HashSet": true, "LinkedHashSet": true, "TreeSet": true, "HashMap": true,
	"LinkedHashMap": true, "TreeMap": true, "ConcurrentHashMap": true, "ConcurrentSkipListMap": true,
	"ConcurrentSkipListSet": true, "CopyOnWriteArraySet": true}

// onlyHashes reports whether calls names no method but hashCode, which the callbacks
// cover (Object's toString prints the hash).
func onlyHashes(calls []string) bool {
	return !slices.ContainsFunc(calls, func(c string) bool { return c != "hashCode" })
}

// callback names a method the JDK calls on objects it is handed.
type callback struct {
	name  string
	arity int
}

// callbackNames are the methods JDK collections and builders call on their elements.
var callbackNames = []callback{{"hashCode", 0}, {"equals", 1}, {"compareTo", 1}, {"compare", 2}, {"toString", 0}}

// callbackInterfaces names, for the callbacks Object does not declare, the JDK interface
// through which JDK code calls them.
var callbackInterfaces = map[string]string{"compareTo": "Comparable", "compare": "Comparator"}

// neverCalledBack reports whether JDK code cannot run callback cb on an anonymous or local
// subclass of the project types named n: cb belongs to a JDK interface (Comparable,
// Comparator) and every supertype of theirs outside the project is Object, Serializable or
// Cloneable, as for Precision.DoubleEquivalence's compare. A local class adding an
// interface is listed under that interface's name too.
func (p *project) neverCalledBack(n string, cb callback) bool {
	ts := p.bySimple[n]
	if callbackInterfaces[cb.name] == "" || len(ts) == 0 {
		return false
	}
	for _, t := range ts {
		for _, x := range append([]*analysis.Type{t}, p.supertypes(t)...) {
			for _, s := range append(append([]string{}, x.Extends...), x.Implements...) {
				if len(p.resolve(x, s)) == 0 && !markerSupers[simpleName(analysis.EraseType(s))] {
					return false // a library type, which may be a Comparator
				}
			}
		}
	}
	return true
}

// subclassRuns reports whether calling method on an anonymous or local subclass of the
// type named n may run code of the subclass, ms being the methods such subclasses declare
// with a body that does something (see overridingMethods): an override of method, or one
// the code n hands down for method calls on the object. A project type's inherited code is
// read where it runs. A library type's is known from inheritedCalls (JDK interfaces hand
// down Object's hashCode, equals and toString; compare and compareTo are theirs to
// implement); any other library method may call any override (AbstractList#hashCode runs
// get, Iterator#forEachRemaining runs next).
func (p *project) subclassRuns(n string, ms map[string]bool, method string) bool {
	if ms[anyMethod] || ms[method] {
		return true
	}
	if len(ms) == 0 || len(p.bySimple[n]) > 0 {
		return false
	}
	inherited := n
	if libraryInterfaces[n] {
		if callbackInterfaces[method] != "" {
			return false // the subclass's own compare or compareTo, or none
		}
		inherited = "Object"
	}
	if objectCallbacks[n] {
		inherited = "Object"
	}
	calls, known := inheritedCalls[inherited][method]
	if !known {
		return true
	}
	return slices.ContainsFunc(calls, func(m string) bool { return ms[m] })
}

// inheritedCalls lists, for JDK classes an anonymous or local class may extend, the
// methods some of their methods call that a subclass may override: Object#toString calls
// hashCode, BigDecimal#compareTo calls signum; Thread's callbacks call final methods only.
// compare and compareTo are listed with nothing for classes that declare none (a subclass
// implementing Comparator or Comparable is listed under that interface too). A method not
// listed may call anything.
var inheritedCalls = map[string]map[string][]string{
	"Object":        {"hashCode": nil, "equals": nil, "toString": {"hashCode"}, "compare": nil, "compareTo": nil},
	"BigDecimal":    {"hashCode": nil, "equals": nil, "toString": nil, "compareTo": {"signum"}, "compare": nil},
	"Thread":        {"hashCode": nil, "equals": nil, "toString": nil, "compare": nil, "compareTo": nil},
	"Policy":        {"hashCode": nil, "equals": nil, "toString": {"hashCode"}, "compare": nil, "compareTo": nil},
	"ThreadLocal":   {"hashCode": nil, "equals": nil, "toString": {"hashCode"}, "compare": nil, "compareTo": nil},
	"URLConnection": {"hashCode": nil, "equals": nil, "toString": nil, "compare": nil, "compareTo": nil},
	"ServerSocket":  {"hashCode": nil, "equals": nil, "toString": {"isBound", "getInetAddress"}, "compare": nil, "compareTo": nil},
	"FileChannel":   {"hashCode": nil, "equals": nil, "toString": {"hashCode"}, "compare": nil, "compareTo": nil},
	"Socket":        {"hashCode": nil, "equals": nil, "toString": {"isConnected", "getImpl"}, "compare": nil, "compareTo": nil},
	// JUnit 3's test case and suite print their name
	"TestCase":  {"hashCode": nil, "equals": nil, "toString": {"getName"}, "compare": nil, "compareTo": nil},
	"TestSuite": {"hashCode": nil, "equals": nil, "toString": {"getName"}, "compare": nil, "compareTo": nil},
	// the file system hashes, compares and prints a File by its getPath
	"File": {"hashCode": {"getPath"}, "equals": {"compareTo", "getPath"}, "toString": {"getPath"}, "compare": nil,
		"compareTo": {"getPath"}},
	// toString of their own, over their own fields
	"ByteArrayOutputStream": {"hashCode": nil, "equals": nil, "toString": nil, "compare": nil, "compareTo": nil},
	"StringWriter":          {"hashCode": nil, "equals": nil, "toString": nil, "compare": nil, "compareTo": nil},
	"LinkedBlockingQueue":   {"hashCode": nil, "equals": nil, "toString": nil, "compare": nil, "compareTo": nil},
	"Throwable": {"hashCode": nil, "equals": nil, "toString": {"getLocalizedMessage", "getMessage"}, "compare": nil,
		"compareTo": nil},
	// ArrayList hashes and compares its own array; its toString is AbstractCollection's.
	"ArrayList": {"hashCode": nil, "equals": nil, "toString": {"iterator"}, "compare": nil, "compareTo": nil},
	// The collection skeletons' callbacks walk the collection through its own methods.
	"AbstractCollection": {"hashCode": nil, "equals": nil, "toString": {"iterator"}, "compare": nil, "compareTo": nil},
	"AbstractSet": {"hashCode": {"iterator"}, "equals": {"size", "containsAll", "contains", "iterator"},
		"toString": {"iterator"}, "compare": nil, "compareTo": nil},
	"AbstractList": {"hashCode": {"iterator", "listIterator", "get", "size"}, "equals": {"iterator", "listIterator", "get", "size"},
		"toString": {"iterator", "listIterator", "get", "size"}, "compare": nil, "compareTo": nil},
	"AbstractMap": {"hashCode": {"entrySet"}, "equals": {"size", "entrySet", "get", "containsKey"},
		"toString": {"entrySet"}, "compare": nil, "compareTo": nil},
}

// objectCallbacks are JDK classes that keep Object's hashCode, equals and toString and
// are no Comparable: streams, readers and writers, TimerTask, ClassLoader, Random, Format,
// the Spliterators skeletons…
var objectCallbacks = map[string]bool{
	"InputStream": true, "OutputStream": true, "Reader": true, "Writer": true, "FilterInputStream": true,
	"FilterOutputStream": true, "FilterReader": true, "FilterWriter": true, "ObjectOutputStream": true,
	"ObjectInputStream": true, "OutputStreamWriter": true, "InputStreamReader": true, "ByteArrayInputStream": true,
	"BufferedReader": true, "BufferedWriter": true, "PrintStream": true, "PrintWriter": true, "TimerTask": true,
	"ClassLoader": true, "SimpleFileVisitor": true, "Random": true, "URLStreamHandler": true, "Format": true,
	"Number": true, "AbstractSpliterator": true, "AbstractIntSpliterator": true, "AbstractLongSpliterator": true,
	"AbstractDoubleSpliterator": true, "TimeZone": true, "StringTokenizer": true, "RandomAccessFile": true,
	"Reference": true, "PhantomReference": true, "WeakReference": true, "SoftReference": true, "Selector": true,
	"AbstractSelector": true, "AccessibleObject": true, "Assert": true, "WindowAdapter": true, "MouseAdapter": true,
	"KeyAdapter": true, "FocusAdapter": true,
	// hashCode and equals of their own over their own fields: the same calls as Object's
	"MessageFormat": true,
}

// collectionSkeletons names, for JDK collection classes project classes extend, the
// skeleton whose callbacks theirs are in inheritedCalls: they keep AbstractMap's,
// AbstractSet's or AbstractList's, which walk the collection through its own methods.
var collectionSkeletons = map[string]string{
	"HashMap": "AbstractMap", "LinkedHashMap": "AbstractMap", "TreeMap": "AbstractMap",
	"HashSet": "AbstractSet", "LinkedHashSet": "AbstractSet", "TreeSet": "AbstractSet",
	"LinkedList": "AbstractList", "Vector": "AbstractList", "Stack": "AbstractList",
	"ArrayDeque": "AbstractCollection", "PriorityQueue": "AbstractCollection", "AbstractQueue": "AbstractCollection",
}

// libraryInterfaces are JDK interfaces anonymous and local classes implement: they hand
// down Object's hashCode, equals and toString. The collection interfaces and the
// functional ones (functionTypes) are among them.
var libraryInterfaces = func() map[string]bool {
	out := maps.Clone(jdkInterfaces)
	for n := range functionTypes {
		out[n] = true
	}
	for _, n := range []string{"Comparator", "Comparable", "Iterator", "Iterable", "FileFilter", "FilenameFilter",
		"PathMatcher", "InvocationHandler", "Closeable", "AutoCloseable", "Appendable", "Readable", "Flushable",
		"Serializable", "Cloneable", "Enumeration", "ThreadFactory", "Executor", "UncaughtExceptionHandler",
		"PrivilegedAction", "PrivilegedExceptionAction", "Type", "EventListener", "PropertyChangeListener",
		"VetoableChangeListener", "Spliterator", "ManagedBlocker", "ActionListener", "ItemListener", "ChangeListener",
		"MouseListener", "KeyListener", "WindowListener", "FocusListener", "ListSelectionListener"} {
		out[n] = true
	}
	return out
}()

// markerSupers are the JDK supertypes that declare no callback.
var markerSupers = map[string]bool{"Object": true, "Serializable": true, "Cloneable": true}

// messageCallbacks are the methods Throwable#toString runs besides.
var messageCallbacks = []callback{{"getMessage", 0}, {"getLocalizedMessage", 0}}

// typedCallbacks is callbackEffect for arguments of the given project types: only their
// own, inherited and overriding callbacks may run.
func (p *project) typedCallbacks(types []*analysis.Type) effect {
	return p.dispatchedCallbacks(types, callbackNames)
}

// dispatchedCallbacks is what the callbacks cbs may do on objects of the given project
// types: the flags of the methods dispatch reaches, unknown when one of them writes shared
// state or leaks, callbackEffect when dispatch cannot tell.
func (p *project) dispatchedCallbacks(types []*analysis.Type, cbs []callback) effect {
	e := effNone
	for _, cb := range cbs {
		cands, ok := p.dispatch(types, cb.name, cb.arity)
		if !ok {
			return p.callbackEffect()
		}
		for _, r := range cands {
			ce := p.memberEffect(r)
			if ce.flags&effWrites != 0 || ce.leak != 0 {
				return unknown("unknown effect of callback " + r.m.ID)
			}
			e.flags |= ce.flags
		}
	}
	return e
}

// throwableCallbacks is callbackEffect for a value typed as the JDK exception or error
// class typ (a class: no dynamic proxy is one): the callbacks of the project's throwables
// that may be a typ, and the getMessage and getLocalizedMessage the JDK's toString runs.
// An anonymous or local subclass of a JDK throwable leaves it callbackEffect.
func (p *project) throwableCallbacks(typ string) effect {
	for n := range p.anonymousSubclassed() {
		if isThrowable(n) && len(p.bySimple[n]) == 0 {
			return p.callbackEffect()
		}
	}
	if p.throwables == nil {
		// Worked out once per project: every operand typed as a JDK exception asks.
		p.throwables = map[*analysis.Type]string{}
		for _, rel := range p.snap.SortedPaths() {
			for _, t := range p.snap.Files[rel].Types {
				if top, ok := p.throwableRoot(t); ok {
					p.throwables[t] = top
				}
			}
		}
	}
	var types []*analysis.Type
	for _, t := range slices.SortedFunc(maps.Keys(p.throwables), func(a, b *analysis.Type) int { return strings.Compare(a.ID, b.ID) }) {
		if mayBeA(p.throwables[t], typ) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return effNone
	}
	return p.dispatchedCallbacks(types, slices.Concat(callbackNames, messageCallbacks))
}

// throwableRoot returns the JDK class a project class t extends through project classes,
// when its name is an exception's or an error's.
func (p *project) throwableRoot(t *analysis.Type) (string, bool) {
	seen := map[string]bool{}
	for cur := t; cur != nil && cur.Kind == "class" && !seen[cur.ID] && len(cur.Extends) > 0; {
		seen[cur.ID] = true
		sup := p.resolve(cur, cur.Extends[0])
		if len(sup) == 0 {
			n := simpleName(cur.Extends[0])
			return n, isThrowable(n)
		}
		cur = sup[0]
	}
	return "", false
}

// quietCauses are JDK throwables whose one-argument constructor takes a cause without
// printing it into a message.
var quietCauses = map[string]bool{"UndeclaredThrowableException": true, "InvocationTargetException": true, "ExceptionInInitializerError": true}

// throwableSupers gives the JDK superclass of common JDK throwables.
var throwableSupers = map[string]string{
	"Exception": "Throwable", "Error": "Throwable", "RuntimeException": "Exception", "IOException": "Exception",
	"IllegalArgumentException": "RuntimeException", "IllegalStateException": "RuntimeException",
	"UnsupportedOperationException": "RuntimeException", "NullPointerException": "RuntimeException",
	"IndexOutOfBoundsException": "RuntimeException", "ArithmeticException": "RuntimeException",
	"ClassCastException": "RuntimeException", "UncheckedIOException": "RuntimeException",
	"NumberFormatException": "IllegalArgumentException", "FileNotFoundException": "IOException",
	"EOFException": "IOException", "ReflectiveOperationException": "Exception",
	"InterruptedException": "Exception", "CloneNotSupportedException": "Exception",
	"AssertionError": "Error",
}

// mayBeA reports whether an instance of a subclass of the JDK throwable top may be typed as
// the JDK throwable typ: typ is top or one of its superclasses (any name the table does not
// know may be anything).
func mayBeA(top, typ string) bool {
	for cur := top; cur != ""; cur = throwableSupers[cur] {
		if cur == typ {
			return true
		}
		if _, known := throwableSupers[cur]; !known && cur != "Throwable" {
			return true
		}
	}
	_, known := throwableSupers[typ]
	return !known && typ != "Throwable"
}

// boxes are the JDK classes whose TYPE field holds the Class of a primitive type.
var boxes = map[string]bool{"Boolean": true, "Byte": true, "Character": true, "Short": true, "Integer": true,
	"Long": true, "Float": true, "Double": true, "Void": true}

// calendars are the JDK calendar and date types: their methods take ints, dates and time
// zones and run no project code.
var calendars = map[string]bool{"Calendar": true, "GregorianCalendar": true, "Date": true}

// calendarEffect is the effect of a Calendar or Date method: its queries change nothing
// (getters may give a part of the receiver: getTimeZone gives the calendar's own zone), the
// others change the receiver only, keeping a time zone they are given.
func calendarEffect(name string) effect {
	switch {
	case strings.HasPrefix(name, "get") || name == "clone":
		return effect{ret: retArgs}
	case strings.HasPrefix(name, "is") || calendarQueries[name]:
		return effNone
	case name == "setTimeZone":
		return effect{mut: 1, store: posAll &^ 1}
	}
	return effect{mut: 1}
}

var calendarQueries = map[string]bool{"before": true, "after": true, "compareTo": true, "equals": true,
	"toInstant": true, "hashCode": true, "toString": true}

// textOnly are the JDK builders, buffers and counters among collectionTypes that hold
// characters, bytes or numbers: hashing or printing them runs no project code.
var textOnly = map[string]bool{"StringBuilder": true, "StringBuffer": true, "StringWriter": true,
	"StringReader": true, "CharArrayWriter": true, "CharArrayReader": true, "ByteArrayOutputStream": true,
	"ByteArrayInputStream": true, "AtomicInteger": true, "AtomicLong": true, "AtomicBoolean": true, "BitSet": true, "CharSequence": true,
	"Calendar": true, "GregorianCalendar": true, "Date": true, "ReentrantLock": true}

// elementCallbacks is what hashCode() or toString() of the collection r may run on its
// elements: nothing for text buffers and collections of values, the callbacks of the
// element types when they are project types, those of every project type otherwise (a
// raw type, a type variable, a wildcard, a library type).
func (p *project) elementCallbacks(r receiver) effect {
	if textOnly[r.name] {
		return effNone
	}
	if len(r.elems) == 0 {
		return p.callbackEffect()
	}
	e := effNone
	for _, a := range r.elems {
		switch ts := p.resolve(r.scope, a); {
		case a != "" && immutableType(a):
		case a != "" && len(ts) > 0:
			e = e.or(p.typedCallbacks(ts))
		default:
			return p.callbackEffect()
		}
	}
	return e
}

// callbackEffect is what JDK collections and builders may run on project objects handed to
// them: hashCode, equals, compareTo, compare and toString of any project type, declared or
// inherited from a library class (inheritedCallbacks), of anonymous and local classes and
// of dynamic proxies.
func (p *project) callbackEffect() effect {
	e := effNone
	anon := p.anonymousSubclassed()
	for _, n := range slices.Sorted(maps.Keys(anon)) {
		ms := anon[n]
		for _, cb := range callbackNames {
			if n == proxyKey {
				// A dynamic proxy's hashCode, equals and toString run its invocation handler.
				he, ok := p.proxyObjectMethodsEffect()
				if !ok {
					return unknown("unknown effect of callback " + cb.name + " of a dynamic proxy")
				}
				if !he.quietCallback() {
					return unknown("unknown effect of callback " + cb.name + " of a dynamic proxy (" + he.why + ")")
				}
				e.flags |= he.flags
				break
			}
			if n == handlerKey {
				break
			}
			if p.subclassRuns(n, ms, cb.name) && !p.neverCalledBack(n, cb) {
				if n == "Object" {
					// Its body is read in the summaries of the code making it.
					ae, ok := p.anonymousObjectsEffect()
					if ok && ae.quietCallback() {
						e.flags |= ae.flags
						continue
					}
				}
				// Its body is not summarized: the class is anonymous or local.
				return unknown("unknown effect of callback " + cb.name + " of an anonymous or local " + n)
			}
		}
	}
	for _, c := range p.inheritedCallbacks() {
		if c.anonymous {
			return unknown("unknown effect of callback " + c.callback + " of " + c.t.ID + " (" + c.library +
				"'s runs methods an anonymous or local subclass overrides)")
		}
		for _, r := range c.runs {
			ce := p.memberEffect(r)
			if ce.flags&effWrites != 0 || ce.leak != 0 {
				return unknown("unknown effect of callback " + c.callback + " of " + c.t.ID + " (" + c.library + "'s runs " + r.m.ID + ")")
			}
			e.flags |= ce.flags
		}
	}
	for _, cb := range callbackNames {
		for _, r := range p.methodsNamed(cb.name, cb.arity) {
			if abstractMethod(r) && r.t.Kind != "enum" {
				continue // what runs is an implementation, named among the others or read where written
			}
			ce := p.memberEffect(r)
			if ce.flags&effWrites != 0 || ce.leak != 0 {
				return unknown("unknown effect of callback " + r.m.ID)
			}
			e.flags |= ce.flags // changes to the argument itself are effLocal's
		}
	}
	return e
}

// dispatch returns every project method a call name/arity on an instance of one of types
// may run: declared or inherited by the types, or overriding in a project subtype (or a
// default method a subtype inherits from another interface). It fails (ok false) when an
// implementation may live outside the model: an interface a lambda may implement (see
// lambdaTarget) or any interface when the project makes dynamic proxies, or a type some
// code subclasses anonymously; a library class cannot implement a project interface (a
// mock can: see Statement.verifies). Abstract declarations run nothing and are left out when
// every class an instance may have descends from project classes only (see closedChain):
// an implementation then is among the others.
func (p *project) dispatch(types []*analysis.Type, name string, arity int) (out []memberRef, ok bool) {
	anon := p.anonymousSubclassed()
	seen := map[string]bool{}
	closed := true
	add := func(rs []memberRef) {
		for _, r := range rs {
			if !seen[r.m.ID] {
				seen[r.m.ID] = true
				out = append(out, r)
			}
		}
	}
	// A lambda's hashCode, equals and toString are Object's: they run no project code.
	lambdas := func(t *analysis.Type) bool { return !objectMethod(name, arity) && p.lambdaTarget(t) }
	// Enums whose constants' class bodies were read: every constant implements what the
	// enum declares abstract, so the abstract method itself runs nowhere.
	constants := map[string]bool{}
	for _, t := range types {
		switch {
		case t.Kind == "enum" && anon[t.Name] != nil:
			// An enum's constants' class bodies are read as methods of the enum (see
			// constantOverrides), even those that override nothing.
			rs, ok := p.constantOverrides(t, name, arity)
			if !ok {
				if p.anonOverrides(t.Name, name) {
					return nil, false
				}
				break
			}
			add(rs)
			constants[t.ID] = true
		case p.anonOverrides(t.Name, name):
			return nil, false // anonymous or local subclasses
		case t.Kind == "interface" && (anon[proxyKey] != nil || lambdas(t)):
			return nil, false
		}
		closed = closed && (t.Kind == "class" && p.closedChain(t) || t.Kind == "interface")
		add(p.methodsOf(t, name, arity))
		for _, sub := range p.subtypes(t) {
			if p.anonOverrides(sub.Name, name) {
				rs, ok := p.constantOverrides(sub, name, arity)
				if !ok {
					return nil, false
				}
				add(rs)
				constants[sub.ID] = true
			} else if sub.Kind == "interface" && lambdas(sub) {
				return nil, false
			}
			if t.Kind == "interface" && sub.Kind != "interface" {
				closed = closed && p.closedChain(sub) // a library superclass may implement it
			}
			p.note("M:" + sub.ID + "#" + name)
			for _, m := range sub.Members {
				if m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) {
					add([]memberRef{{m, sub}})
				}
			}
			for _, s := range p.supertypes(sub) {
				if s.Kind != "interface" {
					continue
				}
				p.note("M:" + s.ID + "#" + name)
				for _, m := range s.Members {
					if m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) && m.BodyEnd > m.BodyStart {
						add([]memberRef{{m, s}})
					}
				}
			}
		}
	}
	kept := out[:0]
	for _, r := range out {
		if !abstractMethod(r) || !closed && !constants[r.t.ID] {
			kept = append(kept, r)
		}
	}
	return kept, true
}

// objectMethod reports whether name/arity is one of Object's methods a lambda or a class
// may run without declaring it: hashCode, equals or toString.
func objectMethod(name string, arity int) bool {
	return (name == "hashCode" || name == "toString") && arity == 0 || name == "equals" && arity == 1
}

// exactTargets returns the methods a call name/arity may run on an instance of exactly
// class t: the concrete methods of that name t declares or inherits from project types. An
// empty result means one may come from a library supertype.
func (p *project) exactTargets(t *analysis.Type, name string, arity int) []memberRef {
	var out []memberRef
	for _, c := range append([]*analysis.Type{t}, p.supertypes(t)...) {
		p.note("M:" + c.ID + "#" + name)
		for _, m := range c.Members {
			if r := (memberRef{m, c}); m.Kind == analysis.KindMethod && m.Name == name && arityOK(m, arity) && !abstractMethod(r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// withOverrides adds to the candidates of an unqualified call written in from (a call on
// this, or on the instance of an enclosing class) the methods that may run in their place:
// overrides in project subtypes of the class whose instance it runs on. Static, private and
// final methods run as they are. It fails when an override may live outside the model (see
// dispatch).
func (p *project) withOverrides(from *analysis.Type, cands []memberRef, name string, arity int) ([]memberRef, bool) {
	virtual := map[string]bool{} // declaring types of candidates that may be overridden
	for _, c := range cands {
		if !c.m.Static() && !isPrivate(c.m) && !hasString(c.m.Modifiers, "final") {
			virtual[c.t.ID] = true
		}
	}
	if len(virtual) == 0 {
		return cands, true
	}
	var types []*analysis.Type
	for cur := from; cur != nil; cur = p.snap.Type(cur.Outer) {
		for _, x := range append([]*analysis.Type{cur}, p.supertypes(cur)...) {
			if virtual[x.ID] {
				types = append(types, cur)
				break
			}
		}
		if cur.Outer == "" {
			break
		}
	}
	if len(types) == 0 {
		return nil, false
	}
	out, ok := p.dispatch(types, name, arity)
	if !ok {
		return nil, false
	}
	have := map[string]bool{}
	for _, r := range out {
		have[r.m.ID] = true
	}
	for _, c := range cands {
		if !have[c.m.ID] && !virtual[c.t.ID] {
			out = append(out, c)
		}
	}
	return out, true
}

// lambdaTarget reports whether interface t may be implemented by a lambda or a method
// reference: it has fewer than two abstract methods (by name, besides Object's), counting
// those it inherits from project interfaces and leaving out those a default method
// implements. Counting by name can only find fewer, never more.
func (p *project) lambdaTarget(t *analysis.Type) bool {
	return len(p.abstractNames(append([]*analysis.Type{t}, p.supertypes(t)...))) < 2
}

// abstractNames returns the names of the abstract methods the interfaces of hier declare
// (besides Object's) that no default method of theirs implements, recording the lookups
// a default added for one of them would change.
func (p *project) abstractNames(hier []*analysis.Type) []string {
	abstract, defaults := map[string]bool{}, map[string]bool{}
	for _, y := range hier {
		if y.Kind != "interface" {
			continue
		}
		for _, m := range y.Members {
			switch {
			case m.Kind != analysis.KindMethod || m.Static():
			case m.BodyEnd > m.BodyStart:
				defaults[m.Name] = true
			case m.Name != "equals" && m.Name != "hashCode" && m.Name != "toString":
				abstract[m.Name] = true
			}
		}
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(abstract)) {
		for _, y := range hier {
			p.note("M:" + y.ID + "#" + name) // a default added for it changes the count
		}
		if !defaults[name] {
			out = append(out, name)
		}
	}
	return out
}

// abstractMethod reports a method declaration without a body that is not native: an
// abstract method, or an interface method that is neither default nor static.
func abstractMethod(r memberRef) bool {
	return r.m.BodyEnd <= r.m.BodyStart && !hasString(r.m.Modifiers, "native")
}

// closedChain reports whether every superclass of class t is a project class: then no
// library class can provide the implementation of a method t declares abstract. An enum
// counts too: its superclass java.lang.Enum implements only Object's methods, name,
// ordinal, compareTo and getDeclaringClass, none of which runs project code, and its
// constants' class bodies are anonymous subclasses (see anonymousIn).
func (p *project) closedChain(t *analysis.Type) bool {
	seen := map[string]bool{}
	for cur := t; !seen[cur.ID]; {
		seen[cur.ID] = true
		if cur.Kind == "enum" {
			return true
		}
		if cur.Kind != "class" {
			return false
		}
		if len(cur.Extends) == 0 {
			return true
		}
		sup := p.resolve(cur, cur.Extends[0])
		if len(sup) != 1 {
			return false
		}
		cur = sup[0]
	}
	return false
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

// subtypeInTests reports whether some project subtype of t, direct or not, is declared in
// test sources, where test classes live: only then can t's methods become, or stop being,
// inherited test methods.
func (p *project) subtypeInTests(t *analysis.Type) bool {
	seen := map[string]bool{t.ID: true}
	queue := p.subtypes(t)
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if seen[x.ID] {
			continue
		}
		seen[x.ID] = true
		if f := p.snap.FileOf(x.ID); f == nil || f.Test {
			return true // a test class, or a type it cannot place: widen
		}
		queue = append(queue, p.subtypes(x)...)
	}
	return false
}

// anonymousSubclassed returns the simple names of types that some project code subclasses
// with an anonymous class ("new T(…) {") or a local class, each with the methods those
// override with bodies that do something (anyMethod: any): they run where the model does
// not look.
func (p *project) anonymousSubclassed() map[string]map[string]bool {
	if p.anon != nil {
		return p.anon
	}
	p.anon = map[string]map[string]bool{}
	for _, rel := range p.snap.SortedPaths() {
		src, err := p.source(rel)
		if err != nil {
			continue
		}
		for name, methods := range anonymousIn(src, true) {
			if p.anon[name] == nil {
				p.anon[name] = map[string]bool{}
			}
			for m := range methods {
				p.anon[name][m] = true
			}
		}
	}
	return p.anon
}

// printCalls are the methods of a PrintStream that print (see printEffect).
var printCalls = map[string]bool{"print": true, "println": true, "printf": true, "format": true, "append": true, "write": true, "flush": true}

// printWhy explains the effect of printing on the standard output.
const printWhy = "writes the standard output"

// printEffect is the effect of print, println, printf, format, append, write or flush on
// the JDK's System.out or System.err: a write to the shared stream that prints its
// arguments (their toString runs), unless some project file may replace the stream or a
// project class formats itself (Formattable); ok is false for any other method. Finding
// the stream reads no shared state: whatever replaced it (library code capturing the
// output) is itself a statement with an unknown effect, which the readers of what was
// printed depend on as they depend on the print.
func (p *project) printEffect(name string) (effect, bool) {
	if !printCalls[name] {
		return effect{}, false
	}
	if p.redirectsOutput() {
		return unknown("unknown effect of " + name + " (the project may replace System.out)"), true
	}
	if (name == "printf" || name == "format") && len(p.jdkSubtypes("Formattable")) > 0 {
		return unknown("unknown effect of " + name + " (a project class is Formattable)"), true
	}
	e := effect{flags: effPrints | effCallbacks, why: printWhy}
	if name == "printf" || name == "format" || name == "append" {
		e.ret = retShared // the stream itself
	}
	return e, true
}

// proxyKey stands, among the names anonymousIn returns, for dynamic proxies: a file that
// makes them may implement any interface at run time.
const proxyKey = "<proxy>"

// handlerKey lists, among the names anonymousIn returns, the classes whose instances a
// file hands to Proxy.newProxyInstance as invocation handlers (simple names), or
// anyMethod when a handler is anything else: a lambda, a variable, a call's result.
const handlerKey = "<proxy handlers>"

// redirectsOutput reports whether some project file may replace the JDK's standard streams
// (it names setOut or setErr): printing may then run project code. A file that cannot be
// read may.
func (p *project) redirectsOutput() bool {
	if p.redirects == nil {
		r := false
		for _, rel := range p.snap.SortedPaths() {
			src, err := p.source(rel)
			if err != nil || mayRedirect(src) {
				r = true
				break
			}
		}
		p.redirects = &r
	}
	return *p.redirects
}

// mayRedirect reports whether a source file names setOut or setErr (System's, or any).
func mayRedirect(src []byte) bool {
	if !bytes.Contains(src, []byte("setOut")) && !bytes.Contains(src, []byte("setErr")) {
		return false
	}
	return slices.ContainsFunc(analysis.Lex(src, 0, len(src)), func(t analysis.Token) bool {
		return t.Is(src, "setOut") || t.Is(src, "setErr")
	})
}

// proxyHandlers returns, for each Proxy.newProxyInstance call in src, the simple name of
// the class its handler argument makes ("new Handler(…)" without a class body), or
// anyMethod for a handler written otherwise.
func proxyHandlers(src []byte) []string {
	var out []string
	toks := analysis.Lex(src, 0, len(src))
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].Is(src, "newProxyInstance") || !toks[i+1].Is(src, "(") {
			continue
		}
		end := matchClose(src, toks, i+1)
		if end < 0 {
			out = append(out, anyMethod)
			continue
		}
		args := splitArgs(src, toks, i+1, end)
		if len(args) != 3 {
			out = append(out, anyMethod)
			continue
		}
		from, to := args[2][0], args[2][1]
		name := ""
		if to-from >= 4 && toks[from].Is(src, "new") && toks[to-1].Is(src, ")") {
			j := from + 1
			for j < to && (toks[j].Kind == analysis.TokIdent || toks[j].Is(src, ".")) {
				if toks[j].Kind == analysis.TokIdent {
					name = toks[j].Text(src)
				}
				j++
			}
			if j >= to || !toks[j].Is(src, "(") || matchClose(src, toks, j) != to-1 {
				name = ""
			}
		}
		if name == "" {
			name = anyMethod
		}
		out = append(out, name)
	}
	return out
}

// proxyHandlerSet is the set of invocation handler classes of a project's proxies.
type proxyHandlerSet struct {
	types []*analysis.Type
	known bool // false: a handler may be something else (see proxyEffect)
}

// proxyHandlerTypes returns the project classes dynamic proxies may run as handlers: those
// handed to newProxyInstance, and every class implementing InvocationHandler.
func (p *project) proxyHandlerTypes() *proxyHandlerSet {
	if p.handlers != nil {
		return p.handlers
	}
	hs := &proxyHandlerSet{known: true}
	p.handlers = hs
	anon := p.anonymousSubclassed()
	if anon[handlerKey][anyMethod] || anon["InvocationHandler"] != nil {
		hs.known = false
		return hs
	}
	seen := map[*analysis.Type]bool{}
	add := func(t *analysis.Type) {
		if !seen[t] {
			seen[t] = true
			hs.types = append(hs.types, t)
		}
	}
	for _, n := range slices.Sorted(maps.Keys(anon[handlerKey])) {
		if n == "" {
			continue
		}
		ts := p.bySimple[n]
		if len(ts) == 0 {
			hs.known = false // a library class
			return hs
		}
		for _, t := range ts {
			add(t)
		}
	}
	for _, rel := range p.snap.SortedPaths() {
		for _, t := range p.snap.Files[rel].Types {
			for _, x := range append([]*analysis.Type{t}, p.supertypes(t)...) {
				if slices.ContainsFunc(x.Implements, func(n string) bool { return simpleName(n) == "InvocationHandler" }) {
					add(t)
					break
				}
			}
		}
	}
	return hs
}

// splitArgs returns the token spans [from, to) of the arguments of the call whose
// parentheses are toks[open] and toks[close].
func splitArgs(src []byte, toks []analysis.Token, open, close int) [][2]int {
	var out [][2]int
	start, depth := open+1, 0
	for j := open + 1; j < close; j++ {
		switch {
		case toks[j].Is(src, "(") || toks[j].Is(src, "[") || toks[j].Is(src, "{"):
			depth++
		case toks[j].Is(src, ")") || toks[j].Is(src, "]") || toks[j].Is(src, "}"):
			depth--
		case depth == 0 && toks[j].Is(src, ","):
			out = append(out, [2]int{start, j})
			start = j + 1
		}
	}
	if start < close {
		out = append(out, [2]int{start, close})
	}
	return out
}

// proxyObjectMethodsEffect is what hashCode, equals or toString of a dynamic proxy the
// project makes may do: what the invoke method of every invocation handler class in the
// project does for Object's methods (see objectMethodsEffect; handlers are those handed
// to newProxyInstance and any other project class implementing InvocationHandler, which
// library code may wrap in a proxy). ok is false when a handler may be anything else (an
// anonymous class, a lambda, a variable) or its invoke cannot be read.
func (p *project) proxyObjectMethodsEffect() (effect, bool) {
	hs := p.proxyHandlerTypes()
	if !hs.known {
		return effNone, false
	}
	e := effNone
	for _, t := range hs.types {
		impls := p.implementationsIn(t, "invoke", 3)
		if len(impls) == 0 {
			return effNone, false
		}
		for _, r := range impls {
			e = e.or(p.objectMethodsEffect(r))
		}
	}
	return e, true
}

// anonymousIn returns the simple names of the types one source file subclasses anonymously
// or by local classes (declared in a body, which the index does not list as types), and
// proxyKey when it makes dynamic proxies.
func anonymousIn(src []byte, withEnums bool) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	add := func(name, method string) {
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		if method != "" {
			out[name][method] = true
		}
	}
	if bytes.Contains(src, []byte("newProxyInstance")) || bytes.Contains(src, []byte("InvocationHandler")) {
		add(proxyKey, anyMethod)
		add(handlerKey, "")
		for _, h := range proxyHandlers(src) {
			add(handlerKey, h)
		}
	}
	hasNew := bytes.Contains(src, []byte("new "))
	hasEnum := bytes.Contains(src, []byte("enum "))
	if !hasNew && !hasEnum && !bytes.Contains(src, []byte("extends ")) && !bytes.Contains(src, []byte("implements ")) {
		return out
	}
	toks := analysis.Lex(src, 0, len(src))
	for name, methods := range localSupertypes(src, toks) {
		add(name, "")
		for _, m := range methods {
			add(name, m)
		}
	}
	for i := 0; withEnums && hasEnum && i+1 < len(toks); i++ {
		if toks[i].Is(src, "enum") && toks[i+1].Kind == analysis.TokIdent {
			for _, body := range enumConstantBodies(src, toks, i) {
				add(toks[i+1].Text(src), "")
				for _, m := range overridingMethods(src, toks, body) {
					add(toks[i+1].Text(src), m)
				}
			}
		}
	}
	for i := 0; hasNew && i+1 < len(toks); i++ {
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
		j = skipTypeArgs(src, toks, j, len(toks))
		if name == "" || j >= len(toks) || !toks[j].Is(src, "(") {
			continue
		}
		if c := matchClose(src, toks, j); c+1 < len(toks) && toks[c+1].Is(src, "{") {
			add(name, "")
			for _, m := range overridingMethods(src, toks, c+1) {
				add(name, m)
			}
		}
	}
	return out
}

// enumConstantBodies returns the token indexes of the "{" opening the class bodies of the
// constants of the enum declared at toks[at] ("enum"): each is an anonymous subclass of the
// enum, whose methods run in place of the enum's own.
func enumConstantBodies(src []byte, toks []analysis.Token, at int) []int {
	k := at + 2
	for k < len(toks) && !toks[k].Is(src, "{") {
		k++ // implements …
	}
	end := matchClose(src, toks, k)
	if end < 0 {
		return nil
	}
	var out []int
	for k++; k < end; {
		for k+1 < end && toks[k].Is(src, "@") { // annotations of the constant
			k += 2
			for k+1 < end && toks[k].Is(src, ".") {
				k += 2
			}
			if toks[k].Is(src, "(") {
				k = matchClose(src, toks, k) + 1
			}
		}
		if k <= 0 || k >= end || toks[k].Kind != analysis.TokIdent {
			break
		}
		k++
		if k < end && toks[k].Is(src, "(") {
			if k = matchClose(src, toks, k) + 1; k <= 0 {
				break
			}
		}
		if k < end && toks[k].Is(src, "{") {
			out = append(out, k)
			if k = matchClose(src, toks, k) + 1; k <= 0 {
				break
			}
		}
		if k >= end || !toks[k].Is(src, ",") {
			break
		}
		k++
	}
	return out
}

// constantBodyMethods returns the source spans of the method declarations (from their
// modifiers to their body's closing brace) in the class body of an enum constant whose
// initializer tokens are toks: optional arguments, then "{ … }" up to the last token. None
// when toks are anything else.
func constantBodyMethods(src []byte, toks []analysis.Token) [][2]int {
	decls, ok := constantMethodDecls(src, toks)
	if !ok {
		return nil
	}
	var out [][2]int
	for _, d := range decls {
		out = append(out, [2]int{toks[d.start].Start, toks[d.bodyClose].End})
	}
	return out
}

// methodDecl is a method declared in an enum constant's class body, by token indexes: where
// its declaration starts (modifiers), its name, its parameters' parentheses and its body's
// braces.
type methodDecl struct {
	start, name, open, close, bodyOpen, bodyClose int
}

// constantMethodDecls reads the method declarations of the class body of an enum constant
// whose initializer tokens are toks (see constantBodyMethods); ok is false when the body
// cannot be read.
func constantMethodDecls(src []byte, toks []analysis.Token) (decls []methodDecl, ok bool) {
	open := 0
	if len(toks) > 0 && toks[0].Is(src, "(") {
		open = matchClose(src, toks, 0) + 1
	}
	if open >= len(toks) || !toks[open].Is(src, "{") || matchClose(src, toks, open) != len(toks)-1 {
		return nil, false
	}
	end := len(toks) - 1
	declStart := open + 1
	for i := open + 1; i < end; i++ {
		t := toks[i]
		if t.Is(src, ";") || t.Is(src, "}") {
			declStart = i + 1
			continue
		}
		if t.Is(src, "{") {
			// An instance initializer or a nested body that is not a method's.
			c := matchClose(src, toks, i)
			if c < 0 {
				return nil, false
			}
			i, declStart = c, c+1
			continue
		}
		if t.Kind != analysis.TokIdent || !toks[i+1].Is(src, "(") || i > declStart && toks[i-1].Is(src, "@") {
			continue
		}
		c := matchClose(src, toks, i+1)
		if c < 0 || c >= end {
			return nil, false
		}
		b := c + 1
		for b < end && !toks[b].Is(src, "{") && !toks[b].Is(src, ";") && !toks[b].Is(src, "=") {
			b++ // throws …
		}
		if b >= end || !toks[b].Is(src, "{") {
			i = c // a call in a field initializer
			continue
		}
		bodyEnd := matchClose(src, toks, b)
		if bodyEnd < 0 || bodyEnd >= end+1 {
			return nil, false
		}
		decls = append(decls, methodDecl{start: declStart, name: i, open: i + 1, close: c, bodyOpen: b, bodyClose: bodyEnd})
		i, declStart = bodyEnd, bodyEnd+1
	}
	return decls, true
}

// constantOverrides gives the methods named name taking arity arguments that the enum t's
// constants declare in their class bodies, as members to summarize (their ids name the
// constant: pkg.E#PLUS{apply(int,int)}). Such a body runs with the constant as this and no
// enclosing instance, so its code is read as t's. ok is false when a body cannot be read,
// when a method there has a parameter list the reader does not take (varargs, annotations),
// or when something other than t's constants may subclass a type of t's simple name.
func (p *project) constantOverrides(t *analysis.Type, name string, arity int) (out []memberRef, ok bool) {
	if other := p.subclassedOtherwise(); t.Kind != "enum" || len(p.bySimple[t.Name]) != 1 || other[t.Name] || other[anyMethod] {
		return nil, false
	}
	f := p.fileOf(t)
	if f == nil {
		return nil, false
	}
	src, err := p.source(f.Path)
	if err != nil {
		return nil, false
	}
	for _, c := range t.Members {
		if c.Kind != analysis.KindField || c.ReturnType != t.Name || !c.Static() || c.BodyEnd <= c.BodyStart || c.BodyEnd > len(src) {
			continue
		}
		toks := analysis.Lex(src, c.BodyStart, c.BodyEnd)
		decls, readable := constantMethodDecls(src, toks)
		if !readable {
			if len(toks) > 0 && !toks[0].Is(src, "(") {
				return nil, false // an initializer that is neither arguments nor a class body
			}
			continue // arguments only: no class body
		}
		for _, d := range decls {
			if toks[d.name].Text(src) != name {
				continue
			}
			m, ok := constantMethod(src, toks, d, t, c)
			if !ok {
				return nil, false
			}
			if len(m.Params) == arity || arity < 0 {
				out = append(out, memberRef{m, t})
			}
		}
	}
	return out, true
}

// constantMethod makes a member of the method d an enum constant c of t declares in its
// class body: its parameters (plain "Type name" ones only) and what its body refers to.
func constantMethod(src []byte, toks []analysis.Token, d methodDecl, t *analysis.Type, c *analysis.Member) (*analysis.Member, bool) {
	var params []analysis.LocalVar
	var types []string
	if d.close > d.open+1 {
		from := d.open + 1
		for i := from; i <= d.close; i++ {
			if i < d.close && !toks[i].Is(src, ",") {
				if toks[i].Is(src, "...") || toks[i].Is(src, "@") || toks[i].Is(src, "<") || toks[i].Is(src, "[") {
					return nil, false
				}
				continue
			}
			k := from
			if k < i && toks[k].Is(src, "final") {
				k++
			}
			if i-k != 2 || toks[k].Kind != analysis.TokIdent || toks[k+1].Kind != analysis.TokIdent {
				if !(i-k == 2 && toks[k].Kind == analysis.TokKeyword && primitive[toks[k].Text(src)] && toks[k+1].Kind == analysis.TokIdent) {
					return nil, false
				}
			}
			typ := toks[k].Text(src)
			params = append(params, analysis.LocalVar{Name: toks[k+1].Text(src), Type: typ})
			types = append(types, typ)
			from = i + 1
		}
	}
	name := toks[d.name].Text(src)
	body := analysis.Lex(src, toks[d.bodyOpen].Start, toks[d.bodyClose].End)
	m := &analysis.Member{
		ID:        c.ID + "{" + name + "(" + strings.Join(types, ",") + ")}",
		Kind:      analysis.KindMethod,
		Name:      name,
		Params:    types,
		BodyStart: toks[d.bodyOpen].Start,
		BodyEnd:   toks[d.bodyClose].End,
		Refs:      analysis.ScanRefs(src, body, params),
	}
	return m, true
}

// subclassedOtherwise returns the simple names of the types some project file subclasses
// with an anonymous class or a local class (not with an enum constant's class body).
func (p *project) subclassedOtherwise() map[string]bool {
	if p.anonOther != nil {
		return p.anonOther
	}
	p.anonOther = map[string]bool{}
	for _, rel := range p.snap.SortedPaths() {
		src, err := p.source(rel)
		if err != nil {
			p.anonOther[anyMethod] = true // a file that cannot be read may subclass anything
			continue
		}
		for name := range anonymousIn(src, false) {
			p.anonOther[name] = true
		}
	}
	return p.anonOther
}

// blankSpans returns a copy of src with the bytes of spans turned into spaces (line breaks
// kept, so lines and offsets stay where they were).
func blankSpans(src []byte, spans [][2]int) []byte {
	out := slices.Clone(src)
	for _, sp := range spans {
		for k := sp[0]; k < sp[1]; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	return out
}

// anyMethod stands, in what anonymousIn returns for a type, for every method name.
const anyMethod = "*"

// overridingMethods lists the methods the anonymous class body opening at toks[open]
// declares with a body that may do something: one that calls, makes, assigns, runs or
// synchronizes anything. A body that only returns or compares values, reads fields or
// throws changes nothing wherever it runs. anyMethod when the body cannot be read.
func overridingMethods(src []byte, toks []analysis.Token, open int) []string {
	end := matchClose(src, toks, open)
	if end < 0 {
		return []string{anyMethod}
	}
	var out []string
	for i := open + 1; i < end; i++ {
		t := toks[i]
		if opensBracket(src, t) && !(t.Is(src, "(") && i > 0 && toks[i-1].Kind == analysis.TokIdent) {
			if c := matchClose(src, toks, i); c > i {
				i = c // a field initializer, an instance initializer, a nested body: not a method
			}
			continue
		}
		if t.Kind != analysis.TokIdent || i+1 >= end || !toks[i+1].Is(src, "(") {
			continue
		}
		name := t.Text(src)
		c := matchClose(src, toks, i+1)
		if c < 0 || c >= end {
			return []string{anyMethod}
		}
		b := c + 1
		for b < end && !toks[b].Is(src, "{") && !toks[b].Is(src, ";") {
			b++ // throws …
		}
		if b >= end || !toks[b].Is(src, "{") {
			i = c // a call in a field initializer without braces
			continue
		}
		bodyEnd := matchClose(src, toks, b)
		if bodyEnd < 0 || bodyEnd > end {
			return []string{anyMethod}
		}
		if !inertBody(src, toks[b+1:bodyEnd], valueParams(src, toks[i+2:c])) {
			out = append(out, name)
		}
		i = bodyEnd
	}
	return out
}

// inertBody reports whether a method body's tokens call, make, assign, run or lock nothing,
// implicitly either: no for loop (a for-each calls iterator()) and no string concatenation
// (it calls toString()). Calls without arguments on values are allowed: a parameter in
// values, typed as an immutable JDK class (o1.length() of a String o1).
func inertBody(src []byte, toks []analysis.Token, values map[string]bool) bool {
	if len(assignments(src, toks)) > 0 {
		return false
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Kind == analysis.TokString && (i > 0 && toks[i-1].Is(src, "+") || i+1 < len(toks) && toks[i+1].Is(src, "+")):
			return false
		case t.Is(src, "new") || t.Is(src, "->") || t.Is(src, "::") || t.Is(src, "synchronized") || t.Is(src, "class") ||
			t.Is(src, "for"):
			return false
		case t.Kind == analysis.TokIdent && i+1 < len(toks) && toks[i+1].Is(src, "("):
			switch t.Text(src) {
			case "if", "while", "for", "switch", "return", "catch":
				continue
			}
			if i >= 2 && toks[i-1].Is(src, ".") && toks[i-2].Is(src, "Collections") && strings.HasPrefix(t.Text(src), "empty") &&
				i+2 < len(toks) && toks[i+2].Is(src, ")") {
				continue // Collections.emptyIterator(): an immutable JDK singleton
			}
			if i >= 2 && toks[i-1].Is(src, ".") && values[toks[i-2].Text(src)] && !(i >= 3 && toks[i-3].Is(src, ".")) &&
				i+2 < len(toks) && toks[i+2].Is(src, ")") {
				continue // o1.length(): JDK code on an immutable value
			}
			if n := classNameAt(src, toks, i); n > 0 && !(i > 0 && toks[i-1].Is(src, "+")) &&
				!(i+n < len(toks) && toks[i+n].Is(src, "+")) {
				i += n - 1 // getClass().getName(), not joined to anything: the name of the object's class
				continue
			}
			return false
		}
	}
	return true
}

// valueParams returns the names of the parameters a parameter list's tokens declare with
// an immutable JDK type ("String o1, String o2"); nil when the list cannot be read plainly
// (annotations, generics, arrays, varargs).
func valueParams(src []byte, toks []analysis.Token) map[string]bool {
	out := map[string]bool{}
	for k := 0; k < len(toks); k += 3 {
		if k+1 < len(toks) && toks[k].Is(src, "final") {
			k++
		}
		if k+1 >= len(toks) || toks[k].Kind != analysis.TokIdent || toks[k+1].Kind != analysis.TokIdent ||
			k+2 < len(toks) && !toks[k+2].Is(src, ",") {
			return nil
		}
		if typ := toks[k].Text(src); immutableType(typ) {
			out[toks[k+1].Text(src)] = true
		}
	}
	return out
}

// classNameAt reports how many tokens from toks[i] read the name of the object's own
// class, an unqualified getClass().getName() (or getSimpleName, getCanonicalName,
// getTypeName): getClass is final in Object and the names are the JDK's, so nothing of the
// project runs. 0 for anything else, getClass().getMethod(…) among them.
func classNameAt(src []byte, toks []analysis.Token, i int) int {
	want := []string{"getClass", "(", ")", ".", "", "(", ")"}
	if i+len(want) > len(toks) || i >= 1 && toks[i-1].Is(src, ".") {
		return 0
	}
	for k, w := range want {
		if w != "" && !toks[i+k].Is(src, w) {
			return 0
		}
	}
	if !classNames[toks[i+4].Text(src)] {
		return 0
	}
	return len(want)
}

// classNames are the methods of Class that give a name and do nothing else.
var classNames = map[string]bool{"getName": true, "getSimpleName": true, "getCanonicalName": true, "getTypeName": true}

// anonOverrides reports whether an anonymous (or local) subclass of the type named name
// may run something of its own for method: it declares method with a body that does
// something, or its methods are not read.
func (p *project) anonOverrides(name, method string) bool {
	return p.subclassRuns(name, p.anonymousSubclassed()[name], method)
}

// localSupertypes returns the simple names of the types that classes declared inside code
// blocks (method bodies, initializers, lambdas) extend or implement, each with the methods
// those classes declare with a body that may do something (see overridingMethods; anyMethod
// for a local enum, whose constants' bodies are not read, or a body that cannot be read).
// A local class extending another local class adds its methods to what that one extends.
// A brace opens a type body when a class, interface, enum or record header, or an
// anonymous class's "new T(…)", comes before it in the same statement; any other brace
// opens code.
func localSupertypes(src []byte, toks []analysis.Token) map[string][]string {
	type localType struct {
		supers, methods []string
	}
	local := map[string]*localType{}
	var order []string
	var typeBody []bool // per open brace: does it open a type body?
	header := -1        // index of the declaration keyword of the statement being read
	for i, t := range toks {
		switch {
		case t.Is(src, "{"):
			anon := i > 0 && toks[i-1].Is(src, ")") && isAnonymousBody(src, toks, i)
			typeBody = append(typeBody, header >= 0 || anon)
			header = -1
		case t.Is(src, "}"):
			if n := len(typeBody); n > 0 {
				typeBody = typeBody[:n-1]
			}
			header = -1
		case t.Is(src, ";"):
			header = -1
		case declaresType(src, toks, i):
			header = i
			if n := len(typeBody); n > 0 && !typeBody[n-1] && i+1 < len(toks) {
				name := toks[i+1].Text(src)
				lt := &localType{supers: declaredSupertypes(src, toks, i), methods: []string{anyMethod}}
				if body := typeBodyOpen(src, toks, i); body > 0 && !t.Is(src, "enum") {
					lt.methods = slices.DeleteFunc(overridingMethods(src, toks, body), func(m string) bool {
						return m == name // a constructor
					})
				}
				if local[name] == nil {
					order = append(order, name)
				}
				local[name] = lt
			}
		}
	}
	out := map[string][]string{}
	var addTo func(name string, methods []string, seen map[string]bool)
	addTo = func(name string, methods []string, seen map[string]bool) {
		for _, s := range local[name].supers {
			if local[s] == nil {
				out[s] = append(out[s], methods...)
				continue
			}
			if !seen[s] {
				seen[s] = true
				addTo(s, methods, seen)
			}
		}
	}
	for _, name := range order {
		addTo(name, local[name].methods, map[string]bool{name: true})
	}
	return out
}

// typeBodyOpen returns the index of the brace opening the body of the type declared at
// toks[i], or -1 when its header ends otherwise.
func typeBodyOpen(src []byte, toks []analysis.Token, i int) int {
	for j := i + 1; j < len(toks); j++ {
		switch {
		case toks[j].Is(src, "{"):
			return j
		case toks[j].Is(src, ";"):
			return -1
		case toks[j].Is(src, "("):
			if j = matchClose(src, toks, j); j < 0 {
				return -1 // a record's components
			}
		}
	}
	return -1
}

// declaresType reports whether toks[i] starts a type declaration's name: class, interface
// or enum (not X.class), or a record header "record Name(".
func declaresType(src []byte, toks []analysis.Token, i int) bool {
	t := toks[i]
	if i > 0 && toks[i-1].Is(src, ".") {
		return false
	}
	if t.Kind == analysis.TokKeyword && (t.Is(src, "class") || t.Is(src, "interface") || t.Is(src, "enum")) {
		return true
	}
	return t.Is(src, "record") && i+2 < len(toks) && toks[i+1].Kind == analysis.TokIdent && toks[i+2].Is(src, "(")
}

// isAnonymousBody reports whether the brace at toks[open] follows "new T(…)".
func isAnonymousBody(src []byte, toks []analysis.Token, open int) bool {
	o := matchOpen(src, toks, open-1)
	for j := o - 1; j >= 0; j-- {
		switch {
		case toks[j].Kind == analysis.TokIdent || toks[j].Is(src, ".") || toks[j].Is(src, ">") || toks[j].Is(src, "<") || toks[j].Is(src, ","):
			continue
		case toks[j].Is(src, "new"):
			return true
		}
		return false
	}
	return false
}

// declaredSupertypes lists the simple names after extends and implements in the header of
// the type declared at toks[i], up to its body.
func declaredSupertypes(src []byte, toks []analysis.Token, i int) []string {
	var out []string
	listing, depth := false, 0
	for j := i + 1; j < len(toks) && !toks[j].Is(src, "{") && !toks[j].Is(src, ";"); j++ {
		switch {
		case toks[j].Is(src, "<"):
			depth++
		case toks[j].Is(src, ">"):
			depth--
		case toks[j].Is(src, "extends") || toks[j].Is(src, "implements"):
			listing = depth == 0 || listing
		case listing && depth == 0 && toks[j].Kind == analysis.TokIdent && (j+1 >= len(toks) || !toks[j+1].Is(src, ".")):
			out = append(out, toks[j].Text(src))
		}
	}
	return out
}

// keepingJDK are JDK classes whose constructors only set up the new object, keeping what
// they are given: wrappers of streams, readers and writers (which neither read nor write
// what they wrap until asked), abstract bases project classes extend (their constructors
// do nothing) and values. Wrappers that read or write when made (ObjectInputStream writes
// nothing but reads a header, ObjectOutputStream and GZIPOutputStream write one,
// SequenceInputStream asks its enumeration), those that look up a charset by name
// (InputStreamReader, whose providers may be project code) and those that open a file
// from a name (PrintWriter, FileReader) are not among them.
var keepingJDK = map[string]bool{
	"InputStream": true, "OutputStream": true, "Reader": true, "Writer": true, "FilterInputStream": true,
	"FilterOutputStream": true, "FilterReader": true, "FilterWriter": true, "BufferedInputStream": true,
	"BufferedOutputStream": true, "BufferedReader": true, "BufferedWriter": true, "DataInputStream": true,
	"DataOutputStream": true, "PushbackInputStream": true, "PushbackReader": true, "LineNumberReader": true,
	"TimeZone": true, "Number": true, "Format": true, "AbstractCollection": true, "AbstractList": true,
	"AbstractSet": true, "AbstractMap": true, "AbstractQueue": true, "AbstractSequentialList": true,
	"SimpleFileVisitor": true, "TimerTask": true, "MathContext": true, "UUID": true, "CountDownLatch": true,
	"Semaphore": true,
}

// readingJDK are JDK classes whose constructors also read the default time zone or locale,
// shared state a test may change, and change nothing.
var readingJDK = map[string]bool{"GregorianCalendar": true, "SimpleDateFormat": true, "DecimalFormat": true}

// jdkConstructor reports whether the JDK class name's constructors change nothing but the
// new object (see freshJDK, jdkThrowables, keepingJDK and readingJDK), and what shared
// state they read (effReads for readingJDK): a project class extending it may call them.
func jdkConstructor(name string) (effFlags, bool) {
	if readingJDK[name] {
		return effReads, true
	}
	return 0, freshJDK[name] || jdkThrowables[name] || keepingJDK[name]
}

// ctorEffect is what creating a new name with arity arguments may do besides building
// the new object. Its store positions are the arguments the new object may keep (the
// result aliases them); a constructor that leaks this makes the result shared.
func (p *project) ctorEffect(from *analysis.Type, name string, arity int, anonymous bool) effect {
	ts := p.resolve(from, name)
	if len(ts) == 0 {
		n := analysis.EraseType(name)
		if reads, ok := jdkConstructor(n); ok {
			e := effect{flags: reads, store: posAll &^ 1} // new ArrayList<>(xs), new Exception(cause)
			if arity == 0 {
				e.store = 0 // new ArrayList<>(): nothing to keep
			}
			if arity != 0 && hashedJDK[n] {
				e = e.or(p.callbackEffect()) // new HashSet<>(xs) hashes every element
			}
			if arity == 1 && isThrowable(n) && !quietCauses[n] {
				e.flags |= effCallbacks // new RuntimeException(cause) prints its cause
			}
			return e
		}
		if arity == 0 && anonymous && libraryInterfaces[n] {
			return effNone // an anonymous class of a JDK interface: its body is read where written
		}
		return unknown("unknown effect of new " + name)
	}
	e := effNone
	for _, t := range ts {
		e = e.or(p.typeCtorEffect(t, arity)).or(p.triggerInit(from, t))
	}
	return e
}

// buildsWithoutEnclosing reports whether making an instance of the inner class t touches
// nothing of its enclosing object (see touchesEnclosing): neither its constructors,
// instance initializers and instance field initializers, nor, when a project superclass's
// making calls methods of the object (an override may run there), any of its own
// methods. A body whose code changed the enclosing object would be summarized as changing
// the new object itself, which making it does not count.
func (p *project) buildsWithoutEnclosing(t *analysis.Type) bool {
	supers := p.supertypes(t)
	own := map[string]bool{t.ID: true}
	for _, x := range supers {
		own[x.ID] = true
	}
	selfCalls := false
	for _, x := range supers {
		for _, m := range x.Members {
			if building(m) && slices.ContainsFunc(m.Refs.Calls, callsOwnObject) {
				selfCalls = true
			}
		}
	}
	for _, m := range t.Members {
		if (building(m) || selfCalls && m.Kind == analysis.KindMethod && !m.Static()) && p.touchesEnclosing(t, m, own) {
			return false
		}
	}
	return true
}

// building reports whether member m runs when an instance of its class is made: a
// constructor, an instance initializer or an instance field's initializer.
func building(m *analysis.Member) bool {
	return m.Kind == analysis.KindConstructor ||
		!m.Static() && (m.Kind == analysis.KindInitializer || m.Kind == analysis.KindField && m.BodyEnd > m.BodyStart)
}

// callsOwnObject reports whether c calls a method unqualified or on this (not a
// constructor): one of the object's own methods, or an enclosing object's.
func callsOwnObject(c analysis.Call) bool {
	return c.Name != "<init>" && (len(c.Receiver) == 0 || slices.Contains(c.Receiver, "this"))
}

// touchesEnclosing reports whether member m of the inner class t may reach its enclosing
// object: it names a field of an enclosing class (one of no type in own, t and its
// supertypes), reaches Outer.this, calls a method of its own or an enclosing object, or
// makes another inner object (whose enclosing object is t's).
func (p *project) touchesEnclosing(t *analysis.Type, m *analysis.Member, own map[string]bool) bool {
	for _, sel := range m.Refs.Selects {
		if len(sel.Receiver) > 1 && sel.Receiver[len(sel.Receiver)-1] == "this" {
			return true // Outer.this.count
		}
	}
	for _, c := range m.Refs.Calls {
		if callsOwnObject(c) || c.Name == "<init>" && c.New != "" && slices.ContainsFunc(p.resolve(t, c.New), p.innerClass) {
			return true
		}
	}
	locals := map[string]bool{}
	for _, l := range m.Refs.Locals {
		locals[l.Name] = true
	}
	for _, n := range m.Refs.Names {
		if f := p.field(t, n); f != nil && !locals[n] && !own[declaringType(f)] {
			return true // a field of an enclosing class
		}
	}
	return false
}

// declaringType returns the id of the type that declares member m ("pkg.Outer#count").
func declaringType(m *analysis.Member) string {
	id, _, _ := strings.Cut(m.ID, "#")
	return id
}

// clinitKey ends the memo key of a class initialization proof (distinct from the id of a
// static initializer member, "T#<clinit>").
const clinitKey = "#<init-class>"

// triggerInit is the effect of code in from making sure class t is initialized: none when
// from is t or nested in it (t is then already being initialized), t's clinitEffect
// otherwise.
func (p *project) triggerInit(from, t *analysis.Type) effect {
	for o := from; o != nil; o = p.snap.Type(o.Outer) {
		if o.ID == t.ID {
			return effNone
		}
		if o.Outer == "" {
			break
		}
	}
	return p.clinitEffect(t)
}

func (p *project) typeCtorEffect(t *analysis.Type, arity int) effect {
	return p.memo(t.ID+"#<new>/"+itoa(arity), func() effect { return p.computeCtorEffect(t, arity) })
}

// asCtor turns the summary of a constructor body (or initializer) into the summary of the
// creation: changes to the new object itself are no effect, arguments kept by it alias the
// result, and a leaked this makes the result shared state.
func asCtor(e effect) effect {
	out := effect{flags: e.flags, mut: e.mut &^ 1, store: (e.store | e.leak) &^ 1, leak: e.leak &^ 1,
		runs: e.runs &^ 1, disp: e.disp &^ 1, why: e.why}
	if e.leak&1 != 0 {
		out.ret = retShared
	}
	return out
}

// widenArgs makes a summary made for other argument positions (a super constructor called
// with rearranged arguments) cover every argument position.
func widenArgs(e effect) effect {
	if e.mut&^1 != 0 {
		e.mut |= posAll &^ 1
	}
	if e.store&^1 != 0 {
		e.store |= posAll &^ 1
	}
	if e.leak&^1 != 0 {
		e.leak |= posAll &^ 1
	}
	if e.runs&^1 != 0 {
		e.runs |= posAll &^ 1
	}
	if e.disp&^1 != 0 {
		e.disp |= posAll &^ 1
	}
	return e
}

func (p *project) computeCtorEffect(t *analysis.Type, arity int) effect {
	if t.Kind != "class" && t.Kind != "record" && t.Kind != "enum" {
		return unknown("unknown effect of new " + t.ID)
	}
	if p.innerClass(t) && !p.buildsWithoutEnclosing(t) {
		// Making it may read or change the enclosing object. Where its making does not,
		// the site ties the new object to that object (see ctorSite).
		return unknown("unknown effect of new " + t.ID + " (inner class)")
	}
	explicitSuper := false
	found := false
	acc := effNone
	for _, m := range t.Members {
		switch {
		case m.Kind == analysis.KindConstructor && arityOK(m, arity):
			found = true
			acc = acc.or(asCtor(p.memberEffect(memberRef{m, t})))
			for _, c := range m.Refs.Calls {
				if c.Name == "<init>" && (c.Super || c.This) {
					explicitSuper = true
				}
			}
		case m.Kind == analysis.KindField && !m.Static() && m.BodyEnd > m.BodyStart,
			m.Kind == analysis.KindInitializer && !m.Static():
			acc = acc.or(asCtor(p.bodyEffect(t, m, true)))
		}
	}
	if !found {
		hasCtors := false
		for _, m := range t.Members {
			hasCtors = hasCtors || m.Kind == analysis.KindConstructor
		}
		if hasCtors || arity != 0 && t.Kind != "record" {
			return unknown("unknown effect of new " + t.ID + "/" + itoa(arity))
		}
		if t.Kind == "record" {
			acc.store |= posAll &^ 1 // the canonical constructor keeps its arguments
		}
	}
	if !explicitSuper && len(t.Extends) > 0 && t.Kind == "class" {
		sup := p.resolve(t, t.Extends[0])
		if len(sup) == 0 {
			reads, ok := jdkConstructor(t.Extends[0])
			if !ok {
				return unknown("unknown effect of new " + t.Extends[0])
			}
			acc.flags |= reads
		}
		for _, s := range sup {
			acc = acc.or(p.typeCtorEffect(s, 0))
		}
	}
	return acc
}

// clinitEffect is what initializing class t may do beyond setting its own static fields:
// the effect of its static initializers and static field initializers, with writes to its
// own statics left out (class initialization runs once, whichever statement triggers it,
// and readers of those fields depend on the initializer directly). An initializer that
// reads mutable static state elsewhere, or writes it, keeps that effect.
func (p *project) clinitEffect(t *analysis.Type) effect {
	return p.memo(t.ID+clinitKey, func() effect {
		e := effNone
		for _, m := range t.Members {
			if m.Static() && (m.Kind == analysis.KindInitializer || m.Kind == analysis.KindField && m.BodyEnd > m.BodyStart) {
				me := p.summarize(t, m, bodyMode{clinit: true, deferStored: true})
				e.flags |= me.flags
				if me.writes() && me.why != "" && e.why == "" {
					e.why = me.why
				}
				if me.leak != 0 {
					e.flags |= effWrites
				}
			}
		}
		if e.flags&effWrites != 0 && e.why == "" {
			e.why = "writes static state initializing " + t.ID
		}
		return effect{flags: e.flags, why: e.why}
	})
}

// memberEffect proves a method or constructor body read-only (effNone) or gives up
// (effGlobal). Constructors may assign their own instance fields.
func (p *project) memberEffect(r memberRef) effect {
	return p.memo(r.m.ID, func() effect { return p.bodyEffect(r.t, r.m, r.m.Kind == analysis.KindConstructor) })
}

// memo computes an effect once. Recursion is solved as a least fixpoint: a proof that meets
// a key still in progress reads an assumption for it (at first effNone), and the key's
// proof is made again with what it came out as until the two agree. Proofs made while an
// assumption was read are provisional (see proofCycles) until the key they depend on
// settles. A cycle that does not settle in a few rounds assumes the worst for its key,
// as every cycle did before.
func (p *project) memo(key string, compute func() effect) effect {
	if e, ok := p.proof(key); ok {
		return e
	}
	if p.cycles == nil {
		p.cycles = &proofCycles{depth: map[string]int{}, assumed: map[string]effect{}, provisional: map[string]provisional{}}
		defer func() { p.cycles = nil }()
	}
	cy := p.cycles
	if d, ok := cy.depth[key]; ok {
		cy.consult(d)
		return cy.assumed[key]
	}
	if pr, ok := cy.provisional[key]; ok {
		cy.consult(pr.low)
		return pr.e
	}
	i := len(cy.stack)
	cy.depth[key] = i
	cy.assumed[key] = effNone
	cy.stack = append(cy.stack, proofFrame{low: i + 1})
	var e effect
	p.track(key, func() {
		for round := 0; ; round++ {
			cy.stack[i] = proofFrame{low: i + 1}
			e = compute()
			if !cy.stack[i].self || sameButWhy(e, cy.assumed[key]) {
				break
			}
			// The proof read an assumption of itself that was too narrow: drop what was
			// made under it and prove again with what it came out as.
			cy.drop(i)
			if round >= maxProofRounds {
				cy.assumed[key] = effGlobal
				cy.stack[i] = proofFrame{low: i + 1}
				e = compute()
				break
			}
			cy.assumed[key] = e
		}
	})
	low := cy.stack[i].low
	cy.stack = cy.stack[:i]
	delete(cy.depth, key)
	delete(cy.assumed, key)
	if low < i {
		// It read the assumption of a proof still in progress below it: provisional.
		cy.provisional[key] = provisional{e: e, low: low}
		cy.relabel(i, low)
		cy.consult(low)
		return e
	}
	p.effects[key] = e
	for k, pr := range cy.provisional {
		if pr.low >= i {
			p.effects[k] = pr.e // made under this key's final assumption
			delete(cy.provisional, k)
		}
	}
	return e
}

// sameButWhy reports whether two effects agree but for their explanations: a recursive
// proof whose explanation quotes its own assumption ("… (unknown effect of …)") has
// settled once the rest agrees.
func sameButWhy(a, b effect) bool {
	a.why, b.why = "", ""
	return a == b
}

// maxProofRounds bounds the rounds of one recursive proof before it assumes the worst.
const maxProofRounds = 8

// proofCycles is the state of the effect proofs in progress: the keys on the stack with
// their depths and assumptions, and the proofs made from an assumption that may still
// change, each with the lowest depth whose assumption it read.
type proofCycles struct {
	stack       []proofFrame
	depth       map[string]int
	assumed     map[string]effect
	provisional map[string]provisional
}

// proofFrame is one proof in progress: the lowest stack depth whose assumption it has
// read (its own depth + 1 when none), and whether its own assumption was read.
type proofFrame struct {
	low  int
	self bool
}

type provisional struct {
	e   effect
	low int
}

// consult records that the proof on top of the stack read the assumption of the proof at
// depth d: the reader depends on it, and that proof must check its assumption.
func (cy *proofCycles) consult(d int) {
	top := len(cy.stack) - 1
	if top < 0 || d > top {
		return
	}
	if d < cy.stack[top].low {
		cy.stack[top].low = d
	}
	cy.stack[d].self = true
}

// drop forgets the provisional proofs that read the assumption of depth d or deeper.
func (cy *proofCycles) drop(d int) {
	for k, pr := range cy.provisional {
		if pr.low >= d {
			delete(cy.provisional, k)
		}
	}
}

// relabel makes the provisional proofs that read the assumption of depth d (now finished)
// depend on low, the assumption that proof itself read.
func (cy *proofCycles) relabel(d, low int) {
	for k, pr := range cy.provisional {
		if pr.low >= d {
			pr.low = low
			cy.provisional[k] = pr
		}
	}
}

// proof returns a remembered effect, made by this project or inherited from the project it
// was derived from.
func (p *project) proof(key string) (effect, bool) {
	if e, ok := p.effects[key]; ok {
		return e, true
	}
	if e, ok := p.inherited[key]; ok {
		return e, true
	}
	if p.settled != nil && !p.unsettled[key] {
		return p.settled.proof(key)
	}
	return effect{}, false
}

func (p *project) bodyEffect(t *analysis.Type, m *analysis.Member, ctor bool) effect {
	// A constructor's (or instance initializer's) kept lambdas run where they are called,
	// through the fields that hold them: the code running them says so (runs=this).
	e := p.summarize(t, m, bodyMode{ctor: ctor, deferStored: ctor})
	e.madeJDK = p.madeJDKResult(t, m)
	return e
}

// bodyMode says how summarize reads a body.
type bodyMode struct {
	// ctor: a constructor's (or instance initializer's) own field writes change the new
	// object only.
	ctor bool
	// clinit: a class initializer, whose class's own static fields are local too.
	clinit bool
	// deferStored: a lambda or method reference the body keeps (in a field, handed to
	// project code that does not run it) runs elsewhere, not here (see
	// deferStoredLambdas): for class initializers and constructors, which return no
	// function, so what runs a kept one runs it through a field, and says so there (a
	// call through a function-typed field runs its receiver's function, or is unknown).
	deferStored bool
}

// bodyLocals returns the declared types of a body's locals (its parameters first) and the
// type arguments they are declared with (none for a name declared twice: which one is
// meant is not followed).
func bodyLocals(m *analysis.Member) (map[string]string, map[string][]string) {
	locals := map[string]string{}
	args := map[string][]string{}
	for _, l := range m.Refs.Locals {
		locals[l.Name] = l.Type
		if _, again := args[l.Name]; again || l.Args == nil {
			args[l.Name] = nil
		} else {
			args[l.Name] = l.Args
		}
	}
	return locals, args
}

// declCounts counts the declarations of each local name (and parameter) of m.
func declCounts(m *analysis.Member) map[string]int {
	out := map[string]int{}
	for _, l := range m.Refs.Locals {
		out[l.Name]++
	}
	return out
}

// varTypes gives, by name, the locals declared once (see decls) with var and initialized
// by a call chain (var money = of(other)) the type the chain's last call returns when it
// names one project type or one JDK value type, as javac infers it; any other var local
// stays untyped.
func (c *scanCtx) varTypes(toks []analysis.Token) map[string]string {
	src := c.src
	out := map[string]string{}
	for i := 0; i+3 < len(toks); i++ {
		if !toks[i].Is(src, "var") || toks[i+1].Kind != analysis.TokIdent || !toks[i+2].Is(src, "=") {
			continue
		}
		name := toks[i+1].Text(src)
		if c.decls[name] != 1 || c.locals[name] != "" {
			continue
		}
		end := i + 3
		for end < len(toks) && !toks[end].Is(src, ";") {
			if opensBracket(src, toks[end]) {
				if end = matchClose(src, toks, end); end < 0 {
					return out
				}
			}
			end++
		}
		if end >= len(toks) || !toks[end-1].Is(src, ")") {
			continue
		}
		o := matchOpen(src, toks, end-1)
		if o < i+4 || toks[o-1].Kind != analysis.TokIdent || toks[o-2].Is(src, "new") {
			continue
		}
		st := c.callSite(toks, o-1, map[string]bool{})
		if st.chain[0].idx != i+3 {
			continue // not one chain: a ternary, arithmetic, a cast
		}
		switch r := c.chainType(st.chain); {
		case r.kind == recvProject && len(r.types) == 1:
			out[name] = r.types[0].ID
		case r.kind == recvValue && r.name != "":
			out[name] = r.name
		}
	}
	return out
}

// bodyCtx is the scan context of a body of t (a method, constructor or initializer) with
// its locals' declared types and type arguments (see bodyLocals).
func (p *project) bodyCtx(t *analysis.Type, src []byte, locals map[string]string, args map[string][]string) *scanCtx {
	return &scanCtx{p: p, t: t, src: src, locals: locals, args: args, fields: p.fieldNames(t), body: true, decls: map[string]int{}}
}

// madeJDKResult reports whether method m of t returns only null and JDK collections made
// in place (see returnsMadeJDK), whatever else its body does: a body whose effect is
// unknown may still return a list it made itself.
func (p *project) madeJDKResult(t *analysis.Type, m *analysis.Member) bool {
	f := p.fileOf(t)
	rt := simpleName(analysis.EraseType(m.ReturnType))
	if m.Kind != analysis.KindMethod || m.BodyEnd <= m.BodyStart || m.Broken || f == nil ||
		!collectionTypes[rt] && !jdkStreamTypes[rt] {
		return false
	}
	src, err := p.source(f.Path)
	if err != nil || m.BodyEnd > len(src) {
		return false
	}
	toks := analysis.Lex(src, m.BodyStart, m.BodyEnd)
	locals, args := bodyLocals(m)
	ctx := p.bodyCtx(t, src, locals, args)
	ctx.exact = ctx.exactLocals(toks, m.Refs.Locals, len(m.Params))
	return ctx.returnsMadeJDK(m, toks)
}

// summarize computes the effect summary of one body (a method, a constructor, or an
// initializer) by the same def/use scan as test statements, run over the whole body with
// its parameters and this as positions: objects the body creates are local and changing
// them is no effect; a change to an object that may alias a position mutates that
// position; a change to anything that may alias static state writes shared state. In a
// class initializer (clinit), the class's own static fields are local too.
func (p *project) summarize(t *analysis.Type, m *analysis.Member, mode bodyMode) effect {
	ctor, clinit := mode.ctor, mode.clinit
	if m.BodyEnd <= m.BodyStart || m.Broken || hasString(m.Modifiers, "native") {
		return unknown("unknown effect of " + m.ID + " (no body)")
	}
	f := p.fileOf(t)
	if f == nil {
		return unknown("unknown effect of " + m.ID)
	}
	src, err := p.source(f.Path)
	if err != nil || m.BodyEnd > len(src) {
		return unknown("unknown effect of " + m.ID + " (unreadable)")
	}
	toks := analysis.Lex(src, m.BodyStart, m.BodyEnd)
	if t.Kind == "enum" && m.Kind == analysis.KindField && m.ReturnType == t.Name {
		if methods := constantBodyMethods(src, toks); len(methods) > 0 {
			// An enum constant's class body declares methods; making the constant runs
			// none of them (calls on the constant reach them through dispatch).
			src = blankSpans(src, methods)
			toks = analysis.Lex(src, m.BodyStart, m.BodyEnd)
		}
	}
	lambdas := false
	for i, tok := range toks {
		switch {
		case tok.Is(src, "::"):
			lambdas = true // a method reference is read like a lambda calling the method
		case tok.Is(src, "class") && !(i > 0 && toks[i-1].Is(src, ".")):
			return unknown("unknown effect of " + m.ID + " (local class)")
		case tok.Is(src, "->"):
			lambdas = true
		}
	}
	locals, args := bodyLocals(m)
	if lambdas && (p.deferLambdas || mode.deferStored) {
		pre := p.bodyCtx(t, src, locals, args)
		if mode.clinit {
			pre.initOf = t
		}
		src = pre.deferStoredLambdas(toks, m.Kind == analysis.KindField)
		toks = analysis.Lex(src, m.BodyStart, m.BodyEnd)
		lambdas = slices.ContainsFunc(toks, func(tok analysis.Token) bool { return tok.Is(src, "->") || tok.Is(src, "::") })
	}
	positions := map[string]posSet{}
	static := m.Static() || clinit
	if !static {
		positions["this"] = 1
	}
	if len(m.Refs.Locals) >= len(m.Params) {
		for i := range m.Params {
			pos := posOf(i)
			if m.Varargs && i == len(m.Params)-1 {
				pos = posFrom(i)
			}
			if l := m.Refs.Locals[i]; !immutableType(l.Type) {
				positions[l.Name] = pos // an immutable argument can be neither changed nor shared
			}
		}
	} else if len(m.Params) > 0 {
		return unknown("unknown effect of " + m.ID + " (parameters not read)")
	}
	acc := effect{flags: p.accessEffect(t, src, toks, locals, clinit)}
	for _, c := range m.Refs.Calls {
		if c.Name != "<init>" || !(c.This || c.Super) {
			continue
		}
		if c.This {
			acc = acc.or(widenArgs(p.typeCtorEffect(t, c.Arity)))
			continue
		}
		if len(t.Extends) == 0 {
			continue
		}
		sup := p.resolve(t, t.Extends[0])
		if len(sup) == 0 {
			reads, ok := jdkConstructor(t.Extends[0])
			if !ok {
				return unknown("unknown effect of super constructor " + t.Extends[0])
			}
			acc.flags |= reads
		}
		if len(sup) == 0 && c.Arity != 0 {
			// super(in), super(message, cause): the library class keeps what it is given.
			acc.store |= posAll &^ 1
		}
		for _, s := range sup {
			acc = acc.or(widenArgs(p.typeCtorEffect(s, c.Arity)))
		}
	}
	// What this(…) and super(…) keep of their arguments, they keep in this.
	if acc.store&^1 != 0 {
		acc.store |= 1
	}
	ctx := p.bodyCtx(t, src, locals, args)
	if clinit {
		ctx.initOf = t
	}
	ctx.exact = ctx.exactLocals(toks, m.Refs.Locals, len(m.Params))
	ctx.localClass = declaresLocalClass(src, toks)
	ctx.exactClass = ctx.exactClasses(toks, m.Refs.Locals, len(m.Params))
	ctx.fresh = ctx.freshFieldSpans(toks)
	ctx.decls = declCounts(m)
	maps.Copy(ctx.locals, ctx.varTypes(toks))
	if len(m.Refs.Locals) >= len(m.Params) {
		for _, l := range m.Refs.Locals[:len(m.Params)] {
			if ctx.decls[l.Name] == 1 {
				ctx.setArgs(l.Name, l.Args) // Supplier<String>, List<Integer>: what parameters hold
			}
		}
	}
	// Lambda parameters are bound by whoever runs the lambda: for a lambda handed to a call,
	// to objects reachable from that call's receiver and arguments; otherwise to anything.
	var lambdaGroups [][]string
	lambdaParams := map[string]bool{}
	if lambdas {
		lps := lambdaParamsIn(src, toks)
		for _, lp := range lps {
			for _, n := range lp.names {
				locals[n] = ""
				lambdaParams[n] = true
			}
		}
		ctx.typeLambdaParams(toks, lps, m.Refs.Locals)
		for _, lp := range lps {
			if len(lp.names) == 0 {
				continue // () -> …: nothing is bound when it runs
			}
			if lp.start == 0 && m.Kind == analysis.KindField && primitiveParamFunctions[analysis.EraseType(m.ReturnType)] {
				continue // IntUnaryOperator check = n -> …: whoever runs it binds a number
			}
			group := append([]string{}, lp.names...)
			if lp.call >= 0 {
				st := ctx.callSite(toks, lp.call, map[string]bool{})
				group = append(group, ctx.receiverKeys(toks, st, map[string]bool{})...)
				group = append(group, ctx.argKeys(toks, st.self().open, st.self().close, map[string]bool{})...)
				if st.effect.flags&(effWrites|effPrints) != 0 {
					group = append(group, heapKey)
				}
			} else {
				group = append(group, heapKey)
				for k := range positions {
					group = append(group, k)
				}
			}
			lambdaGroups = append(lambdaGroups, group)
		}
	}
	fa := ctx.scan(toks, map[string]bool{}, nil)
	fa.aliases = append(fa.aliases, lambdaGroups...)
	acc.flags |= fa.siteFlags & (effReads | effPrints | effReadsOut)
	own := map[string]bool{}
	for _, x := range t.Members {
		if x.Kind == analysis.KindField && x.Static() {
			own[x.Name] = true
		}
	}
	why := map[string]string{}
	norm := func(k string) string {
		name, isField := strings.CutPrefix(k, "this.")
		switch {
		case k == heapKey:
			return heapKey
		case isField:
			fm := p.fieldOf(t, name)
			switch {
			case fm == nil:
				why[heapKey] = "unknown effect of field " + name
				return heapKey
			case fm.Static() && clinit && own[name]:
				return "static:" + name
			case fm.Static():
				if why[heapKey] == "" {
					why[heapKey] = "writes static " + t.ID + "." + name
				}
				return heapKey
			case static:
				return heapKey
			}
			return "this"
		}
		return k
	}
	// same: keys that may name the same object (or one reachable from the other, through
	// reads); uf: also keys whose objects reach others' through field stores.
	same, uf := unionFind{}, unionFind{}
	// Locals bound other than by "=": a for-each variable is an element of what it iterates;
	// catch parameters and pattern variables may be anything.
	bound := map[string]bool{}
	for _, a := range assignments(src, toks) {
		if len(a.target) == 1 && !a.indexed {
			bound[a.target[0]] = true
		}
	}
	// elementsOf maps a for-each variable over an array parameter, never assigned, to the
	// parameter: its own methods run through a JDK interface are the caller's to tell, as
	// the parameter's would be (see disp).
	elementsOf := map[string]string{}
	paramTypes := map[string]string{}
	for i := range m.Params {
		l := m.Refs.Locals[i]
		paramTypes[l.Name] = l.Type
		if m.Varargs && i == len(m.Params)-1 {
			paramTypes[l.Name] += "[]"
		}
	}
	for _, fe := range forEachVars(src, toks) {
		if fe.end == fe.start+1 && !bound[fe.name] {
			if n := toks[fe.start].Text(src); strings.HasSuffix(paramTypes[n], "[]") {
				elementsOf[fe.name] = n
			}
		} else {
			delete(elementsOf, fe.name) // declared again
		}
		bound[fe.name] = true
		group := []string{fe.name}
		for j := fe.start; j < fe.end; j++ {
			if k := ctx.rootKey(toks, j, map[string]bool{}); k != "" {
				group = append(group, k)
			}
		}
		group = append(group, ctx.flowKeys(toks, fe.start, fe.end, map[string]bool{})...)
		fa.aliases = append(fa.aliases, group)
	}
	localTypes := map[string][]string{}
	for _, l := range m.Refs.Locals {
		localTypes[l.Name] = append(localTypes[l.Name], l.Type)
	}
	heldParams := paramHolders(src, toks, positions, localTypes)
	mentioned := map[string]bool{} // names left in the body once kept lambdas read as null
	for _, tok := range toks {
		if tok.Kind == analysis.TokIdent {
			mentioned[tok.Text(src)] = true
		}
	}
	// Such a local may reach shared state and every position: its class is marked so below,
	// without joining shared state and the positions to one another (a caught exception
	// may carry anything, which does not make the parameters reachable from shared state).
	var anything []string
	for _, l := range m.Refs.Locals {
		if _, param := positions[l.Name]; param || bound[l.Name] || lambdaParams[l.Name] || immutableType(l.Type) || !mentioned[l.Name] {
			continue
		}
		anything = append(anything, l.Name)
	}
	for _, g := range fa.aliases {
		for _, k := range g[1:] {
			same.union(norm(g[0]), norm(k))
			uf.union(norm(g[0]), norm(k))
		}
	}
	for _, g := range fa.reach {
		for _, k := range g[1:] {
			uf.union(norm(g[0]), norm(k))
		}
	}
	for _, n := range anything {
		// Once such a local is joined to shared state or a position (stored, or storing),
		// what it may carry joins them too.
		r := uf.find(norm(n))
		if r != uf.find(heapKey) && !slices.ContainsFunc(slices.Collect(maps.Keys(positions)), func(k string) bool { return uf.find(k) == r }) {
			continue
		}
		for k := range positions {
			same.union(norm(n), k)
			uf.union(norm(n), k)
		}
		same.union(norm(n), heapKey)
		uf.union(norm(n), heapKey)
	}
	rootPos := map[string]posSet{}
	rootHeap := map[string]bool{uf.find(heapKey): true}
	samePos := map[string]posSet{}
	sameHeap := map[string]bool{same.find(heapKey): true}
	for k, pos := range positions {
		rootPos[uf.find(k)] |= pos
		samePos[same.find(k)] |= pos
	}
	var allPos posSet
	for _, pos := range positions {
		allPos |= pos
	}
	for _, n := range anything {
		r, sr := uf.find(norm(n)), same.find(norm(n))
		rootHeap[r], sameHeap[sr] = true, true
		rootPos[r] |= allPos
		samePos[sr] |= allPos
	}
	for _, d := range sortedKeys(fa.defs) {
		before := why[heapKey]
		n := norm(d)
		var mut posSet
		var heap bool
		if fa.deep[d] {
			r := uf.find(n)
			mut, heap = rootPos[r], rootHeap[r]
		} else {
			r := same.find(n)
			mut, heap = samePos[r], sameHeap[r]
		}
		acc.mut |= mut
		if heap {
			acc.flags |= effWrites
			w := fa.why[d]
			if name, ok := strings.CutPrefix(d, "this."); ok {
				if fm := p.fieldOf(t, name); fm != nil && fm.Static() {
					w = "writes static " + ownerOfKey(fm.ID) + "." + name
				}
			}
			if w == "" && why[heapKey] != before {
				w = why[heapKey]
			}
			if w == "" {
				w = "writes shared state through " + strings.TrimPrefix(d, "this.")
			}
			if acc.why == "" {
				acc.why = w
			}
		}
	}
	for k, pos := range positions {
		r := uf.find(k)
		if rootPos[r]&^pos != 0 {
			acc.store |= pos
		}
		if rootHeap[r] {
			acc.leak |= pos
		}
	}
	for _, k := range fa.dispatches {
		// Objects whose own methods run through a JDK interface: the caller's to tell, when
		// they are its arguments.
		if pos, ok := positions[norm(k)]; ok && !bound[k] {
			acc.disp |= pos
			continue
		}
		if pos, ok := positions[elementsOf[k]]; ok {
			acc.disp |= pos
			continue
		}
		if pos := heldParams[k]; pos != 0 {
			acc.disp |= pos
			continue
		}
		return unknown("unknown effect of " + m.ID + " (a project class may implement the JDK interface of " + k + ")")
	}
	for _, k := range fa.runs {
		// Functions this body runs: its parameters are the caller's to resolve; functions it
		// made itself were read where written; anything else is unknown.
		n := norm(k)
		if pos, ok := positions[n]; ok {
			acc.runs |= pos
			continue
		}
		if _, local := locals[n]; local && rootPos[uf.find(n)] == 0 && !rootHeap[uf.find(n)] && !lambdaParams[n] && !p.deferLambdas &&
			onlyFunctionsWritten(src, toks, n, func(name string) bool { return p.jdkInterfaceNamed(t, name) }) {
			continue
		}
		return unknown("unknown effect of " + m.ID + " (runs a function value " + k + ")")
	}
	if ctor {
		// A constructor's own field writes change the new object only.
		acc.mut &^= 1
	}
	if mode.deferStored && acc.runs&1 != 0 {
		// It runs a function the object holds, which it may have kept itself (read as
		// running nowhere, see deferStored).
		return unknown("unknown effect of " + m.ID + " (runs a function it keeps)")
	}
	acc.ret = p.returnKinds(ctx, t, m, toks, norm, uf, rootPos, rootHeap)
	if lambdas && (acc.flags&(effWrites|effPrints) != 0 || acc.leak != 0) && !ctx.lambdasRunInPlace(toks) {
		// Lambda bodies were read as if they ran where they are written. That is only an
		// over-approximation while they change no shared state: a lambda kept and run
		// later by a JDK object would change it at another statement.
		why := "lambda changing shared state"
		if acc.why != "" {
			why += ": " + acc.why
		}
		return unknown("unknown effect of " + m.ID + " (" + why + ")")
	}
	return acc
}

// onlyFunctionsWritten reports whether every value the body assigns to local n is a lambda,
// a method reference, an anonymous class of a JDK interface (jdkInterface tells those
// names) or null, which are read where they are written. A named class's instance
// (Supplier<Integer> s = new Counting()) runs a body no one read there, and so may an
// anonymous subclass of a project class (what it inherits).
func onlyFunctionsWritten(src []byte, toks []analysis.Token, n string, jdkInterface func(name string) bool) bool {
	for _, a := range assignments(src, toks) {
		if len(a.target) != 1 || a.target[0] != n || a.indexed {
			continue
		}
		if !writtenFunction(src, toks, a.rhsStart, a.rhsEnd, jdkInterface) {
			return false
		}
	}
	return true
}

// writtenFunction reports whether toks[from:to] is a lambda, a method reference, an
// anonymous class of a JDK interface (new DoubleSupplier() { … }: its methods' bodies are
// scanned as code where they are written, like a lambda's), null, or a conditional choosing
// between such values.
func writtenFunction(src []byte, toks []analysis.Token, from, to int, jdkInterface func(name string) bool) bool {
	if to > from+1 && toks[from].Kind == analysis.TokIdent && toks[from+1].Is(src, "->") {
		return true // a lambda, whatever its body (n -> n > max ? fail(n) : n)
	}
	if to > from && toks[from].Is(src, "(") {
		if cl := matchClose(src, toks, from); cl > 0 && cl+1 < to && toks[cl+1].Is(src, "->") {
			return true
		}
	}
	if q, colon, ok := ternary(src, toks, from, to); ok {
		return writtenFunction(src, toks, q+1, colon, jdkInterface) && writtenFunction(src, toks, colon+1, to, jdkInterface)
	}
	switch {
	case to == from+1 && toks[from].Is(src, "null"):
		return true
	case toks[from].Is(src, "new"):
		name, ok := anonymousClassSpan(src, toks, from, to)
		return ok && jdkInterface(name)
	case to > from && toks[from].Is(src, "("):
		cl := matchClose(src, toks, from)
		if cl == to-1 {
			return writtenFunction(src, toks, from+1, cl, jdkInterface) // (x -> x)
		}
		return cl > 0 && cl+1 < to && toks[cl+1].Is(src, "->")
	case to > from+1 && toks[from].Kind == analysis.TokIdent && toks[from+1].Is(src, "->"):
		return true
	}
	// A method reference on a name (Parse::counted, list::add, String::new).
	k := from
	for k < to && (toks[k].Kind == analysis.TokIdent || toks[k].Is(src, ".")) {
		k++
	}
	return k > from && k+2 == to && toks[k].Is(src, "::")
}

// anonymousClassSpan reports whether toks[from:to] is exactly an anonymous class instance
// creation with no constructor arguments (new, a type name with type arguments, (), the
// class body), and gives the type's simple name.
func anonymousClassSpan(src []byte, toks []analysis.Token, from, to int) (string, bool) {
	k := from + 1
	for k < to && (toks[k].Kind == analysis.TokIdent || toks[k].Is(src, ".")) {
		k++
	}
	if k == from+1 {
		return "", false
	}
	name := toks[k-1].Text(src)
	k = skipTypeArgs(src, toks, k, to)
	if k+2 >= to || !toks[k].Is(src, "(") || !toks[k+1].Is(src, ")") || !toks[k+2].Is(src, "{") {
		return "", false
	}
	return name, matchClose(src, toks, k+2) == to-1
}

// jdkInterfaceNamed reports whether name, written in t, is a JDK interface an anonymous
// class may implement (see libraryInterfaces) and no project type.
func (p *project) jdkInterfaceNamed(t *analysis.Type, name string) bool {
	return libraryInterfaces[name] && len(p.resolve(t, name)) == 0
}

// lambdasRunInPlace reports whether every lambda and method reference of a body's toks is
// an argument of a project method whose summary runs that argument and neither keeps nor
// leaks it: each runs within its call, where it is read, and never later.
func (c *scanCtx) lambdasRunInPlace(toks []analysis.Token) bool {
	src := c.src
	for i, tok := range toks {
		start := i
		switch {
		case tok.Is(src, "->"):
			start = i - 1
			if i > 0 && toks[i-1].Is(src, ")") {
				start = matchOpen(src, toks, i-1)
			}
		case tok.Is(src, "::"):
			start = refQualifierStart(src, toks, i)
		default:
			continue
		}
		if start < 1 {
			return false
		}
		k := enclosingCall(src, toks, start)
		if k < 0 || !toks[start-1].Is(src, "(") && !toks[start-1].Is(src, ",") {
			return false
		}
		if c.runByJDKStreamHere(toks, k) {
			continue
		}
		st := c.callSite(toks, k, map[string]bool{})
		if st.runsHere != 0 {
			spans, ok := c.argSpans(toks, st.self().open, st.self().close)
			if i := slices.IndexFunc(spans, func(a [2]int) bool { return a[0] <= start && start < a[1] }); ok && i >= 0 && st.runsHere&posOf(i) != 0 {
				continue // a JDK collection runs it in the call (forEach, computeIfAbsent)
			}
		}
		if st.recv != recvProject && st.recv != recvProjectStatic && st.recv != recvUnqualified {
			return false
		}
		self := st.self()
		spans, ok := c.argSpans(toks, self.open, self.close)
		arg := slices.IndexFunc(spans, func(a [2]int) bool { return a[0] <= start && start < a[1] })
		if !ok || arg < 0 {
			return false
		}
		pos := posOf(arg)
		if st.effect == effGlobal || st.effect.runs&pos == 0 || st.effect.store&pos != 0 || st.effect.leak&pos != 0 {
			return false
		}
	}
	return true
}

// runByJDKStreamHere reports whether the call named at toks[k] runs the functions it is
// given before its expression ends: an operation of a JDK stream (or a Collectors factory
// handed to its collect) whose chain starts at a stream or JDK collection made in place
// (madeJDKStream, madeJDKCall, an exact local) and reaches a terminal operation other
// than iterator. A stream left unrun, or run by an iterator, runs them later.
func (c *scanCtx) runByJDKStreamHere(toks []analysis.Token, k int) bool {
	src := c.src
	if k >= 2 && toks[k-1].Is(src, ".") && toks[k-2].Is(src, "Collectors") && !c.shadowed("Collectors") {
		k = enclosingCall(src, toks, k-2)
		if k < 0 || !toks[k].Is(src, "collect") {
			return false
		}
	}
	step := func(j int) bool {
		name := toks[j].Text(src)
		return streamOps[name] || streamTerminals[name] && name != "iterator"
	}
	if !step(k) {
		return false
	}
	// Back to the source: each earlier link is ".op(…)" until the call or local it starts at.
	j := k
	for {
		if j < 2 || !toks[j-1].Is(src, ".") {
			return false
		}
		if toks[j-2].Kind == analysis.TokIdent {
			if !c.exact[toks[j-2].Text(src)] || j >= 3 && toks[j-3].Is(src, ".") {
				return false
			}
			break
		}
		if !toks[j-2].Is(src, ")") {
			return false
		}
		open := matchOpen(src, toks, j-2)
		if open < 1 || toks[open-1].Kind != analysis.TokIdent {
			return false
		}
		prev := open - 1
		if toks[prev-1].Is(src, ".") && (streamOps[toks[prev].Text(src)] || toks[prev].Is(src, "stream")) {
			j = prev
			continue
		}
		from := prev
		if prev >= 2 && toks[prev-1].Is(src, ".") {
			from = prev - 2
		}
		if from > 0 && toks[from-1].Is(src, ".") ||
			!c.madeJDKStream(toks, from, j-1) && !c.madeJDKCall(toks, from, j-1) {
			return false
		}
		break
	}
	// On to a terminal operation.
	for j = k; ; {
		name := toks[j].Text(src)
		if streamTerminals[name] && name != "iterator" {
			return true
		}
		cl := matchClose(src, toks, j+1)
		if cl < 0 || cl+3 >= len(toks) || !toks[cl+1].Is(src, ".") || !toks[cl+3].Is(src, "(") || !step(cl+2) {
			return false
		}
		j = cl + 2
	}
}

// lambdaParam lists the parameters of one lambda and the token index of the name of the
// call it is an argument of (-1 when none).
type lambdaParam struct {
	names []string
	call  int
	start int // index of the first token of the parameters
}

// lambdaParamsIn finds every lambda's parameters ("x ->", "(a, b) ->", "(T a) ->").
func lambdaParamsIn(src []byte, toks []analysis.Token) []lambdaParam {
	var out []lambdaParam
	for i, tok := range toks {
		if !tok.Is(src, "->") || i == 0 {
			continue
		}
		var lp lambdaParam
		start := i - 1
		switch {
		case toks[i-1].Kind == analysis.TokIdent:
			lp.names = []string{toks[i-1].Text(src)}
		case toks[i-1].Is(src, ")"):
			start = matchOpen(src, toks, i-1)
			if start < 0 {
				continue
			}
			for j := start + 1; j < i-1; j++ {
				if toks[j].Kind == analysis.TokIdent && (toks[j+1].Is(src, ",") || j+1 == i-1) {
					lp.names = append(lp.names, toks[j].Text(src))
				}
			}
		}
		lp.call, lp.start = enclosingCall(src, toks, start), start
		out = append(out, lp)
	}
	return out
}

// enclosingCall returns the index of the name of the call whose argument list holds
// toks[i] directly (not inside a nested bracket), or -1 when there is none in the
// statement (a constructor's arguments do not count).
func enclosingCall(src []byte, toks []analysis.Token, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch {
		case closesBracket(src, toks[j]):
			depth++
		case opensBracket(src, toks[j]):
			if depth > 0 {
				depth--
				continue
			}
			if toks[j].Is(src, "(") && j > 0 && toks[j-1].Kind == analysis.TokIdent && !(j > 1 && toks[j-2].Is(src, "new")) {
				return j - 1
			}
			return -1
		case depth == 0 && toks[j].Is(src, ";"):
			return -1
		}
	}
	return -1
}

// forEach is the variable of an enhanced for loop and the token range of what it iterates.
// paramHolders returns, for each local or parameter of a body (locals) that is only ever
// assigned another such name or null (StringUtils.getLevenshteinDistance swaps its
// parameters through a temporary: tmp = s; s = t; t = tmp), the parameter positions whose
// objects it may hold. A name assigned anything else, or bound by a for-each, is left out.
// locals are the declared types of each local name (a name may be declared in several
// blocks); copying a name every declaration of which holds values (int[] tmp = p) copies
// no object.
func paramHolders(src []byte, toks []analysis.Token, positions map[string]posSet, locals map[string][]string) map[string]posSet {
	valuesOnly := func(n string) bool {
		return !slices.ContainsFunc(locals[n], func(t string) bool {
			return !primitive[t] && !valueArrayType(t) && !immutableType(t)
		})
	}
	holds := map[string]posSet{}
	for n, pos := range positions {
		if n != "this" {
			holds[n] = pos
		}
	}
	type copyOf struct{ to, from string }
	var copies []copyOf
	unknown := map[string]bool{}
	for _, a := range assignments(src, toks) {
		if len(a.target) != 1 || a.indexed {
			continue
		}
		x := a.target[0]
		switch {
		case a.rhsEnd == a.rhsStart+1 && toks[a.rhsStart].Is(src, "null"):
		case a.rhsEnd == a.rhsStart+1 && toks[a.rhsStart].Kind == analysis.TokIdent && locals[toks[a.rhsStart].Text(src)] != nil:
			if y := toks[a.rhsStart].Text(src); !valuesOnly(y) {
				copies = append(copies, copyOf{x, y})
			}
		default:
			unknown[x] = true
		}
	}
	for _, fe := range forEachVars(src, toks) {
		unknown[fe.name] = true
	}
	for n := range locals {
		if _, param := holds[n]; !param {
			holds[n] = 0 // a local holds what is copied into it
		}
	}
	// Unknown flows along copies; positions merge along them.
	for changed := true; changed; {
		changed = false
		for _, c := range copies {
			switch {
			case unknown[c.to]:
			case unknown[c.from] || locals[c.to] == nil:
				unknown[c.to], changed = true, true
			case holds[c.to]|holds[c.from] != holds[c.to]:
				holds[c.to], changed = holds[c.to]|holds[c.from], true
			}
		}
	}
	for n := range holds {
		if unknown[n] || holds[n] == 0 {
			delete(holds, n)
		}
	}
	return holds
}

type forEach struct {
	name       string
	start, end int
}

// forEachVars finds "for (T name : expr)" headers.
func forEachVars(src []byte, toks []analysis.Token) []forEach {
	var out []forEach
	for i := 0; i+1 < len(toks); i++ {
		if !(toks[i].Kind == analysis.TokKeyword && toks[i].Is(src, "for") && toks[i+1].Is(src, "(")) {
			continue
		}
		cl := matchClose(src, toks, i+1)
		depth := 0
		for j := i + 2; j < cl; j++ {
			switch {
			case opensBracket(src, toks[j]):
				depth++
			case closesBracket(src, toks[j]):
				depth--
			case depth == 0 && toks[j].Is(src, ":") && toks[j-1].Kind == analysis.TokIdent:
				out = append(out, forEach{name: toks[j-1].Text(src), start: j + 1, end: cl})
			}
		}
	}
	return out
}

// returnsMadeJDK reports whether every return statement of method m (toks its body) returns
// null, a JDK collection made there ("new ArrayList<>()"), a local that only ever holds
// one (see exactLocals), or the result of a call to project methods no subclass can
// override whose every return does the same (madeJDK): a caller's local holding the result
// runs only JDK code when its methods are called. Returns in lambdas and nested classes
// count too, which only makes the answer no more often.
func (c *scanCtx) returnsMadeJDK(m *analysis.Member, toks []analysis.Token) bool {
	returns := 0
	for i, tok := range toks {
		if !(tok.Kind == analysis.TokKeyword && tok.Is(c.src, "return")) {
			continue
		}
		returns++
		if !c.madeJDKValue(toks, i+1, exprEnd(c.src, toks, i+1)) {
			return false
		}
	}
	return returns > 0
}

// madeJDKValue reports whether the expression toks[from:end] is null, a JDK collection or
// stream made there, a local that only ever holds one, a call of a method returning only
// those (madeJDKCall), or a conditional choosing between two such values.
func (c *scanCtx) madeJDKValue(toks []analysis.Token, from, end int) bool {
	if q, colon, ok := ternary(c.src, toks, from, end); ok {
		return c.madeJDKValue(toks, q+1, colon) && c.madeJDKValue(toks, colon+1, end)
	}
	switch {
	case end == from+1 && toks[from].Is(c.src, "null"):
	case end == from+1 && toks[from].Kind == analysis.TokIdent && c.exact[toks[from].Text(c.src)]:
	case c.freshJDK(toks, from, end) || c.madeJDKStream(toks, from, end) || c.madeJDKCall(toks, from, end):
	default:
		return false
	}
	return true
}

// jdkStreamTypes are the JDK's stream interfaces.
var jdkStreamTypes = map[string]bool{"Stream": true, "IntStream": true, "LongStream": true, "DoubleStream": true}

// madeJDKStream reports whether toks[from:to] is one call making a JDK stream of values
// (Stream.of(a, b), Stream.empty(), Arrays.stream(xs), IntStream.range(0, n)) with no
// function among its arguments: the stream holds no code, so running its operations runs
// the JDK's and the functions handed to them only.
func (c *scanCtx) madeJDKStream(toks []analysis.Token, from, to int) bool {
	src := c.src
	if to-from < 5 || !toks[from+1].Is(src, ".") || !toks[from+3].Is(src, "(") || matchClose(src, toks, from+3) != to-1 {
		return false
	}
	class, name := toks[from].Text(src), toks[from+2].Text(src)
	switch {
	case c.shadowed(class):
		return false
	case class == "Arrays":
		if name != "stream" {
			return false
		}
	case jdkStreamTypes[class]:
		if name != "of" && name != "empty" && name != "ofNullable" && name != "range" && name != "rangeClosed" {
			return false
		}
	default:
		return false
	}
	return !slices.ContainsFunc(toks[from+4:to-1], func(t analysis.Token) bool { return t.Is(src, "->") || t.Is(src, "::") })
}

// madeJDKCall reports whether toks[from:to] is one call (m(…), T.m(…), super.m(…)) whose
// every target (see callTargets) returns only JDK collections or streams made in place
// (effect.madeJDK).
func (c *scanCtx) madeJDKCall(toks []analysis.Token, from, to int) bool {
	targets, ok := c.callTargets(toks, from, to)
	return ok && !slices.ContainsFunc(targets, func(r memberRef) bool { return !c.p.memberEffect(r).madeJDK })
}

// callTargets lists every project method the call toks[from:to] (m(…), T.m(…) of a static
// method, super.m(…)) may run: the applicable candidates, and for an unqualified call of
// an overridable method every override the caller's class may dispatch to. ok is false
// when they cannot be told.
func (c *scanCtx) callTargets(toks []analysis.Token, from, to int) ([]memberRef, bool) {
	src := c.src
	if to-from >= 5 && toks[from].Is(src, "super") && toks[from+1].Is(src, ".") && toks[from+3].Is(src, "(") &&
		matchClose(src, toks, from+3) == to-1 && c.t != nil && len(c.t.Extends) > 0 && c.t.Kind == "class" {
		// super.m(…) runs the superclass's method, whatever overrides it.
		sup := c.p.resolve(c.t, c.t.Extends[0])
		spans, ok := c.argSpans(toks, from+3, to-1)
		if len(sup) != 1 || !ok {
			return nil, false
		}
		cands := c.p.applicable(c.p.methodsOf(sup[0], toks[from+2].Text(src), len(spans)), c.argTypes(toks, from+3, to-1))
		return cands, len(cands) > 0
	}
	cands, static, ok := c.calledProjectMethods(toks, from, to)
	if !ok {
		return nil, false
	}
	if !slices.ContainsFunc(cands, overridable) {
		return cands, true
	}
	if static {
		return nil, false
	}
	return c.p.withOverrides(c.t, cands, cands[0].m.Name, len(cands[0].m.Params))
}

// overridable reports whether a subclass may override method r: it is neither static,
// private nor final, nor declared by a final class.
func overridable(r memberRef) bool {
	return !r.m.Static() && !isPrivate(r.m) && !hasString(r.m.Modifiers, "final") && !hasString(r.t.Modifiers, "final")
}

// returnKinds is what the values a method returns may alias: nothing (fresh objects and
// immutable values), its receiver or arguments, or shared state.
func (p *project) returnKinds(ctx *scanCtx, t *analysis.Type, m *analysis.Member, toks []analysis.Token,
	norm func(string) string, uf unionFind, rootPos map[string]posSet, rootHeap map[string]bool) retKind {
	if m.Kind != analysis.KindMethod {
		return 0
	}
	rt := analysis.EraseType(m.ReturnType)
	if rt == "void" || valueTypes[rt] {
		return 0
	}
	var out retKind
	for i, tok := range toks {
		if !(tok.Kind == analysis.TokKeyword && tok.Is(ctx.src, "return")) {
			continue
		}
		end := exprEnd(ctx.src, toks, i+1)
		for _, k := range ctx.flowKeys(toks, i+1, end, map[string]bool{}) {
			r := uf.find(norm(k))
			if rootHeap[r] {
				out |= retShared
			}
			if rootPos[r] != 0 {
				out |= retArgs
			}
		}
	}
	return out
}

// accessEffect reports effReads when a body reads shared state by name: static fields
// that are not constants of a value type, or names it cannot place. A static field of
// another project class also initializes that class, which adds what its initializer does.
// In a class initializer (clinit), the class's own static fields are not shared state.
func (p *project) accessEffect(t *analysis.Type, src []byte, toks []analysis.Token, locals map[string]string, clinit bool) effFlags {
	var acc effFlags
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
			if f.Static() && !constant(f) && !(clinit && declaredIn(t, f)) && !p.keepsInitialValue(f) {
				acc |= effReads
			}
			continue
		}
		if isTypeName(name) || pureStatics[name] {
			if i+2 < len(toks) && toks[i+1].Is(src, ".") && toks[i+2].Kind == analysis.TokIdent &&
				!(i+3 < len(toks) && toks[i+3].Is(src, "(")) {
				if pureStatics[name] || immutableType(name) && len(p.resolve(t, name)) == 0 {
					continue // Math.PI, Integer.MAX_VALUE, Void.TYPE
				}
				field := toks[i+2].Text(src)
				if name == "System" && (field == "out" || field == "err") && i+5 < len(toks) && toks[i+3].Is(src, ".") &&
					printCalls[toks[i+4].Text(src)] && toks[i+5].Is(src, "(") && len(p.resolve(t, name)) == 0 {
					continue // System.out.println(…): see printEffect
				}
				ok := false
				for _, ty := range p.resolve(t, name) {
					f := p.fieldOf(ty, field)
					if f != nil && constant(f) {
						ok = true
					}
					if f == nil || !p.inlined(f) {
						acc |= p.triggerInit(t, ty).flags
					}
				}
				if !ok && !isTypeName(field) {
					acc |= effReads
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
		acc |= effReads
	}
	return acc
}

func immutableType(typ string) bool {
	t := analysis.EraseType(typ)
	return valueTypes[t] && t != "Optional"
}

// isPrivate reports a private member (the model keeps access apart from the other
// modifiers).
func isPrivate(m *analysis.Member) bool {
	return m.Access == "private" || hasString(m.Modifiers, "private")
}

func declaredIn(t *analysis.Type, f *analysis.Member) bool {
	for _, m := range t.Members {
		if m == f {
			return true
		}
	}
	return false
}

// inlined reports a compile-time constant: a static final field of a primitive type or
// String initialized with literals and operators only. javac copies its value into every
// reader, so reading it does not initialize its class.
func (p *project) inlined(f *analysis.Member) bool {
	t := analysis.EraseType(f.ReturnType)
	if !f.Static() || !hasString(f.Modifiers, "final") || f.BodyEnd <= f.BodyStart || !(t == "String" || primitive[t]) {
		return false
	}
	file := p.snap.FileOf(ownerOfKey(f.ID))
	if file == nil {
		return false
	}
	src, err := p.source(file.Path)
	if err != nil || f.BodyEnd > len(src) {
		return false
	}
	toks := analysis.Lex(src, f.BodyStart, f.BodyEnd)
	for _, tok := range toks {
		switch tok.Kind {
		case analysis.TokNumber, analysis.TokString, analysis.TokChar:
		case analysis.TokPunct:
			if tok.Is(src, ".") {
				return false // a field of something
			}
		case analysis.TokKeyword:
			// true, false, and primitive types in casts: (byte) 0x7f
			if !primitive[tok.Text(src)] && !tok.Is(src, "true") && !tok.Is(src, "false") {
				return false
			}
		default:
			return false // a name: it may not be a constant
		}
	}
	return len(toks) > 0
}

var primitive = map[string]bool{"int": true, "long": true, "short": true, "byte": true, "double": true,
	"float": true, "boolean": true, "char": true}

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

// deferStoredLambdas returns a copy of c.src in which every lambda of toks that does not
// run where it is written reads as null: one assigned to a field (directly or as a branch
// of a conditional), returned, or handed to a project method whose summary does not run
// that argument; when toks are a field's initializer, one that is the whole initializer.
// A kept method reference reads as its qualifier, which is evaluated where it is written.
// A lambda assigned to a local may run later in the same body, which reads it where
// written; one handed to a JDK call or a constructor may run inside the call.
func (c *scanCtx) deferStoredLambdas(toks []analysis.Token, field bool) []byte {
	src := c.src
	out := slices.Clone(src)
	blank := func(from, to int) {
		for k := from; k < to; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	stored := func(start int) bool {
		if start == 0 {
			return field
		}
		return c.storedLambda(toks, start)
	}
	masked := 0 // the end of the last lambda read as null: lambdas inside it went with it
	for i := range toks {
		if i == 0 || toks[i].Start < masked {
			continue
		}
		if toks[i].Is(src, "::") {
			start := refQualifierStart(src, toks, i)
			if start >= 0 && i+1 < len(toks) && stored(start) {
				blank(toks[i].Start, toks[i+1].End) // "Function.identity()::apply" keeps the function
				masked = toks[i+1].End
			}
			continue
		}
		if !toks[i].Is(src, "->") {
			continue
		}
		start := i - 1
		if toks[i-1].Is(src, ")") {
			if start = matchOpen(src, toks, i-1); start < 0 {
				continue
			}
		} else if toks[i-1].Kind != analysis.TokIdent {
			continue
		}
		end := lambdaEnd(src, toks, i)
		if end < 0 && field && start == 0 && i+1 < len(toks) && !toks[i+1].Is(src, "{") {
			end = len(toks) - 1 // the initializer is the lambda, without a semicolon
		}
		if end < 0 || !stored(start) {
			continue
		}
		from, to := toks[start].Start, toks[end].End
		blank(from, to)
		copy(out[from:], "null")
		masked = to
	}
	return out
}

// refQualifierStart returns the index of the first token of the qualifier of the method
// reference whose "::" is at toks[i] (a name, a dotted name, a call chain, this or super),
// or -1 when it is anything else (a generic type, an array type).
func refQualifierStart(src []byte, toks []analysis.Token, i int) int {
	j := i - 1
	for j >= 0 {
		if toks[j].Is(src, ")") {
			if j = matchOpen(src, toks, j); j < 1 {
				return -1
			}
			j-- // the called name
		}
		if toks[j].Kind != analysis.TokIdent && !toks[j].Is(src, "this") && !toks[j].Is(src, "super") {
			return -1
		}
		if j == 0 || !toks[j-1].Is(src, ".") {
			return j
		}
		j -= 2
	}
	return -1
}

// lambdaEnd returns the index of the last token of the lambda whose arrow is at toks[arrow]:
// the closing brace of a block body, or the last token of an expression body (before a
// comma, semicolon or closing bracket at its own depth). -1 when it does not end.
func lambdaEnd(src []byte, toks []analysis.Token, arrow int) int {
	if arrow+1 >= len(toks) {
		return -1
	}
	if toks[arrow+1].Is(src, "{") {
		return matchClose(src, toks, arrow+1)
	}
	depth := 0
	for j := arrow + 1; j < len(toks); j++ {
		switch {
		case opensBracket(src, toks[j]):
			depth++
		case closesBracket(src, toks[j]):
			if depth == 0 {
				return j - 1
			}
			depth--
		case depth == 0 && (toks[j].Is(src, ",") || toks[j].Is(src, ";")):
			return j - 1
		}
	}
	return -1
}

// storedLambda says whether the lambda starting at toks[start] is kept rather than run
// where it is written (see deferStoredLambdas).
func (c *scanCtx) storedLambda(toks []analysis.Token, start int) bool {
	src := c.src
	j := start - 1
	if toks[j].Is(src, "?") || toks[j].Is(src, ":") {
		// A branch of a conditional: what takes the conditional's value decides.
		for depth := 0; j >= 0; j-- {
			tok := toks[j]
			if closesBracket(src, tok) {
				depth++
				continue
			}
			if opensBracket(src, tok) {
				if depth == 0 {
					break
				}
				depth--
				continue
			}
			if depth == 0 && (assignmentAt(src, toks, j) || tok.Is(src, ",") || tok.Is(src, ";") || tok.Is(src, "return")) {
				break
			}
		}
		if j < 0 {
			return false
		}
	}
	switch {
	case toks[j].Is(src, "return"):
		return true
	case assignmentAt(src, toks, j):
		// this.f = …, or f = … for a field f (not a local: it may run later in this body).
		if j < 1 || toks[j-1].Kind != analysis.TokIdent {
			return false
		}
		if j >= 2 && toks[j-2].Is(src, ".") {
			return j >= 3 && toks[j-3].Is(src, "this")
		}
		name := toks[j-1].Text(src)
		_, local := c.locals[name]
		return !local && c.p.fieldOf(c.t, name) != nil
	case toks[j].Is(src, "(") || toks[j].Is(src, ","):
		open, arg := j, 0
		for depth := 0; open >= 0; open-- {
			tok := toks[open]
			if closesBracket(src, tok) {
				depth++
			} else if opensBracket(src, tok) {
				if depth == 0 {
					break
				}
				depth--
			} else if depth == 0 && tok.Is(src, ",") {
				arg++
			}
		}
		if open < 1 || !toks[open].Is(src, "(") || toks[open-1].Kind != analysis.TokIdent || open >= 2 && toks[open-2].Is(src, "new") {
			return false
		}
		st := c.callSite(toks, open-1, map[string]bool{})
		project := st.recv == recvProject || st.recv == recvProjectStatic || st.recv == recvUnqualified
		return project && st.effect != effGlobal && st.effect.runs&posOf(arg) == 0
	}
	return false
}

// assignmentAt says whether toks[j] is a plain assignment "=" (the lexer reads "==", "!=",
// "<=" and ">=" as two tokens).
func assignmentAt(src []byte, toks []analysis.Token, j int) bool {
	if !toks[j].Is(src, "=") {
		return false
	}
	if j > 0 && toks[j-1].End == toks[j].Start && strings.ContainsAny(toks[j-1].Text(src), "=!<>") {
		return false
	}
	return j+1 >= len(toks) || !(toks[j+1].Is(src, "=") && toks[j+1].Start == toks[j].End)
}
