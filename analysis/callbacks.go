package analysis

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Names of overridable methods shared by several library supertypes.
var (
	collectionMethods = []string{"size", "isEmpty", "contains", "iterator", "toArray", "add", "remove",
		"containsAll", "addAll", "removeAll", "retainAll", "clear", "spliterator", "stream", "parallelStream",
		"removeIf", "forEach"}
	listMethods = append([]string{"get", "set", "indexOf", "lastIndexOf", "listIterator", "subList", "sort",
		"replaceAll", "removeRange", "addFirst", "addLast", "getFirst", "getLast", "removeFirst", "removeLast",
		"reversed"}, collectionMethods...)
	dequeMethods = append([]string{"offer", "poll", "peek", "element", "push", "pop", "offerFirst", "offerLast",
		"pollFirst", "pollLast", "peekFirst", "peekLast", "descendingIterator", "addFirst", "addLast", "getFirst",
		"getLast", "removeFirst", "removeLast", "removeFirstOccurrence", "removeLastOccurrence"}, collectionMethods...)
	setMethods = append([]string{"first", "last", "headSet", "tailSet", "subSet", "comparator", "lower",
		"higher", "floor", "ceiling", "pollFirst", "pollLast", "descendingSet", "descendingIterator"}, collectionMethods...)
	mapMethods = []string{"size", "isEmpty", "containsKey", "containsValue", "get", "put", "remove", "putAll",
		"clear", "keySet", "values", "entrySet", "getOrDefault", "forEach", "replaceAll", "putIfAbsent", "replace",
		"computeIfAbsent", "computeIfPresent", "compute", "merge", "removeEldestEntry", "firstKey", "lastKey",
		"headMap", "tailMap", "subMap", "comparator", "firstEntry", "lastEntry", "pollFirstEntry", "pollLastEntry",
		"lowerKey", "higherKey", "floorKey", "ceilingKey", "lowerEntry", "higherEntry", "floorEntry", "ceilingEntry",
		"descendingMap", "navigableKeySet", "descendingKeySet", "keys", "elements", "contains", "rehash",
		"getProperty", "setProperty", "load", "store", "propertyNames", "stringPropertyNames", "list",
		"loadFromXML", "storeToXML", "save"}
	throwableMethods = []string{"getMessage", "getLocalizedMessage", "getCause", "initCause", "fillInStackTrace",
		"getStackTrace", "setStackTrace", "printStackTrace"}
	functionMethods = []string{"apply", "applyAsInt", "applyAsLong", "applyAsDouble", "accept", "test", "get",
		"getAsInt", "getAsLong", "getAsDouble", "getAsBoolean", "andThen", "compose", "and", "or", "negate"}
	inputStreamMethods = []string{"read", "close", "available", "skip", "skipNBytes", "mark", "reset",
		"markSupported", "transferTo", "readAllBytes", "readNBytes", "ready"}
	outputStreamMethods = []string{"write", "flush", "close", "append"}
)

// LibraryCallbacks lists, for well-known library supertypes (JDK interfaces and classes,
// JUnit 3's TestCase), every overridable method through which code outside the project can
// call into a project subtype. A type whose only non-project supertypes are listed here can
// be called back only through those names and java.lang.Object's methods; any other
// non-project supertype (an abstract library class, a listener interface not listed) makes
// every instance method a possible callback, which the graph reports (Graph.Stats).
var LibraryCallbacks = map[string][]string{
	"Object":                   nil,
	"Enum":                     nil, // equals, hashCode, compareTo, name, ordinal are final; toString is Object's
	"Serializable":             {"writeObject", "readObject", "readObjectNoData", "writeReplace", "readResolve"},
	"Externalizable":           {"writeExternal", "readExternal", "writeReplace", "readResolve"},
	"Cloneable":                {"clone"},
	"Comparable":               {"compareTo"},
	"Comparator":               {"compare", "equals", "reversed", "thenComparing", "thenComparingInt", "thenComparingLong", "thenComparingDouble"},
	"Runnable":                 {"run"},
	"Callable":                 {"call"},
	"AutoCloseable":            {"close"},
	"Closeable":                {"close"},
	"Flushable":                {"flush"},
	"Appendable":               {"append"},
	"Readable":                 {"read"},
	"Iterable":                 {"iterator", "forEach", "spliterator"},
	"Iterator":                 {"hasNext", "next", "remove", "forEachRemaining"},
	"ListIterator":             {"hasNext", "next", "remove", "forEachRemaining", "hasPrevious", "previous", "nextIndex", "previousIndex", "set", "add"},
	"Enumeration":              {"hasMoreElements", "nextElement", "asIterator"},
	"CharSequence":             {"length", "charAt", "subSequence", "chars", "codePoints", "isEmpty", "toString"},
	"Number":                   {"intValue", "longValue", "floatValue", "doubleValue", "byteValue", "shortValue"},
	"Thread":                   {"run", "start", "interrupt", "isInterrupted", "getUncaughtExceptionHandler", "getContextClassLoader", "setContextClassLoader"},
	"TimerTask":                {"run", "cancel", "scheduledExecutionTime"},
	"ThreadLocal":              {"initialValue", "get", "set", "remove"},
	"InheritableThreadLocal":   {"initialValue", "childValue", "get", "set", "remove"},
	"InvocationHandler":        {"invoke"},
	"ThreadFactory":            {"newThread"},
	"UncaughtExceptionHandler": {"uncaughtException"},
	"Entry":                    {"getKey", "getValue", "setValue"},
	"SimpleEntry":              {"getKey", "getValue", "setValue"},
	"SimpleImmutableEntry":     {"getKey", "getValue", "setValue"},
	"Format":                   {"format", "formatToCharacterIterator", "parseObject"},
	"InputStream":              inputStreamMethods,
	"FilterInputStream":        inputStreamMethods,
	"Reader":                   inputStreamMethods,
	"FilterReader":             inputStreamMethods,
	"OutputStream":             outputStreamMethods,
	"FilterOutputStream":       outputStreamMethods,
	"Writer":                   outputStreamMethods,
	"FilterWriter":             outputStreamMethods,
	"TestCase":                 {"setUp", "tearDown", "runTest", "runBare", "run", "countTestCases", "getName", "setName", "createResult"},
	"Assert":                   nil, // junit.framework.Assert and org.junit.Assert: static methods only
	"RandomAccess":             nil, // a marker interface
	"EventListener":            nil,
	"ParameterizedType":        {"getTypeName", "getActualTypeArguments", "getRawType", "getOwnerType"},
	"GenericArrayType":         {"getTypeName", "getGenericComponentType"},
	"WildcardType":             {"getTypeName", "getUpperBounds", "getLowerBounds"},
	"Future":                   {"get", "cancel", "isCancelled", "isDone", "resultNow", "exceptionNow", "state"},
	// java.time.temporal: what java.time calls on a project amount, date-time, field or unit.
	"TemporalAmount":   {"get", "getUnits", "addTo", "subtractFrom"},
	"TemporalAccessor": {"isSupported", "range", "get", "getLong", "query"},
	"Temporal":         {"isSupported", "range", "get", "getLong", "query", "with", "plus", "minus", "until"},
	"TemporalAdjuster": {"adjustInto"},
	"TemporalQuery":    {"queryFrom"},
	"TemporalField": {"getDisplayName", "getBaseUnit", "getRangeUnit", "range", "isDateBased", "isTimeBased",
		"isSupportedBy", "rangeRefinedBy", "getFrom", "adjustInto", "resolve"},
	"TemporalUnit":           {"getDuration", "isDurationEstimated", "isDateBased", "isTimeBased", "isSupportedBy", "addTo", "between"},
	"Collector":              {"supplier", "accumulator", "combiner", "finisher", "characteristics"},
	"Spliterator":            {"tryAdvance", "forEachRemaining", "trySplit", "estimateSize", "getExactSizeIfKnown", "characteristics", "hasCharacteristics", "getComparator"},
	"AbstractSpliterator":    {"tryAdvance", "forEachRemaining", "trySplit", "estimateSize", "getExactSizeIfKnown", "characteristics", "hasCharacteristics", "getComparator"},
	"PropertyChangeListener": {"propertyChange"},
	"VetoableChangeListener": {"vetoableChange"},
	"Principal":              {"getName", "implies"},
	"UserPrincipal":          {"getName", "implies"},
	"GroupPrincipal":         {"getName", "implies"},
	"TestSuite":              {"run", "runTest", "countTestCases", "testCount", "testAt", "tests", "addTest", "addTestSuite", "getName", "setName"},
}

func init() {
	for _, n := range []string{"Collection", "AbstractCollection", "Set", "AbstractSet", "HashSet", "LinkedHashSet",
		"SortedSet", "NavigableSet", "TreeSet", "CopyOnWriteArraySet", "EnumSet"} {
		LibraryCallbacks[n] = setMethods
	}
	for _, n := range []string{"List", "AbstractList", "AbstractSequentialList", "ArrayList", "LinkedList", "Vector",
		"Stack", "CopyOnWriteArrayList"} {
		LibraryCallbacks[n] = append(append([]string{}, listMethods...), dequeMethods...)
	}
	for _, n := range []string{"Queue", "Deque", "AbstractQueue", "ArrayDeque", "PriorityQueue", "BlockingQueue",
		"LinkedBlockingQueue", "ArrayBlockingQueue", "ConcurrentLinkedQueue", "BlockingDeque", "LinkedBlockingDeque",
		"ConcurrentLinkedDeque"} {
		LibraryCallbacks[n] = dequeMethods
	}
	for _, n := range []string{"Map", "AbstractMap", "HashMap", "LinkedHashMap", "SortedMap", "NavigableMap",
		"TreeMap", "ConcurrentMap", "ConcurrentHashMap", "ConcurrentNavigableMap", "ConcurrentSkipListMap", "WeakHashMap", "IdentityHashMap", "Hashtable",
		"Properties", "Dictionary", "EnumMap"} {
		LibraryCallbacks[n] = mapMethods
	}
	for _, n := range []string{"Throwable", "Exception", "RuntimeException", "Error"} {
		LibraryCallbacks[n] = throwableMethods
	}
	for _, n := range []string{"Supplier", "Consumer", "BiConsumer", "Function", "BiFunction", "Predicate",
		"BiPredicate", "UnaryOperator", "BinaryOperator", "IntFunction", "IntPredicate", "IntUnaryOperator",
		"IntBinaryOperator", "ToIntFunction", "ToLongFunction", "ToDoubleFunction", "IntSupplier",
		"LongSupplier", "DoubleSupplier", "BooleanSupplier", "IntConsumer", "LongFunction", "DoubleFunction",
		"ToIntBiFunction", "ObjIntConsumer"} {
		LibraryCallbacks[n] = functionMethods
	}
}

// libraryCallbackList returns the overridable methods of a library supertype named by its
// simple name: the table, else, for the many exception classes, Throwable's.
func libraryCallbackList(simple string) ([]string, bool) {
	if list, ok := LibraryCallbacks[simple]; ok {
		return list, true
	}
	if strings.HasSuffix(simple, "Exception") || strings.HasSuffix(simple, "Error") {
		return throwableMethods, true // every JDK exception class only adds constructors
	}
	return nil, false
}

// serializationHooks are the methods Java serialization finds and calls reflectively on a
// Serializable or Externalizable class, whatever their access, by name and parameter types.
var serializationHooks = map[string][]string{
	"writeObject": {"ObjectOutputStream"}, "readObject": {"ObjectInputStream"}, "readObjectNoData": {},
	"writeReplace": {}, "readResolve": {}, "writeExternal": {"ObjectOutput"}, "readExternal": {"ObjectInput"},
}

// isSerializationHook reports whether m has the name and parameters of a serialization hook.
func isSerializationHook(m *Member) bool {
	params, ok := serializationHooks[m.Name]
	return ok && m.Kind == KindMethod && !m.Static() && slices.Equal(m.Params, params)
}

// serializationCalls are the methods of ObjectOutputStream and ObjectInputStream that write
// or read an object graph, calling the serialization hooks of every object in it. Only
// these run the hooks: creating a Serializable object does not.
var serializationCalls = map[string]bool{"writeObject": true, "writeUnshared": true, "readObject": true,
	"readUnshared": true, "defaultWriteObject": true, "defaultReadObject": true, "writeFields": true, "readFields": true}

// serializingLibrary says whether a static call on the library type named by receiver
// may serialize its arguments: helpers such as commons-lang's SerializationUtils
// (roundtrip, clone, serialize) or Guava's SerializableTester (reserialize) run the
// stream calls inside the library, where the graph cannot see them.
func serializingLibrary(receiver []string) bool {
	return len(receiver) > 0 && strings.Contains(receiver[len(receiver)-1], "Serializ")
}

// allSerializationHooks lists every serialization hook of the project: an object graph may
// hold objects of any serializable type, whatever the static type of the stream call's
// argument.
func (r *resolver) allSerializationHooks() []string {
	var out []string
	for name := range serializationHooks {
		r.d.method(name)
		for _, ref := range r.idx.methods[name] {
			if m := r.member(ref); m != nil && isSerializationHook(m) {
				out = append(out, m.ID)
			}
		}
	}
	sort.Strings(out)
	return out
}

// LibraryTypeName reduces a written supertype ("java.util.Comparator<Item>") to the simple
// name LibraryCallbacks is keyed by.
func LibraryTypeName(written string) string {
	n := EraseType(written)
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// libraryCallbackNames returns the method names library code may call back on t (beyond
// java.lang.Object's), given hier (t and its project ancestors) and each type's resolved
// project supertypes. all reports that any instance method may be called back, and unknown
// names the library supertype that made it so.
func libraryCallbackNames(s *Snapshot, hier []string, supers map[string][]string, libOwn map[string]bool) (names map[string]bool, all bool, unknown string) {
	names = map[string]bool{}
	for _, id := range hier {
		t := s.Type(id)
		if t == nil {
			continue
		}
		if t.Kind == "record" {
			// Record accessors are found and called reflectively by serialization libraries.
			return nil, true, "Record"
		}
		for _, written := range append(append([]string{}, t.Extends...), t.Implements...) {
			simple := LibraryTypeName(written)
			if resolvesInProject(supers[id], simple) {
				if list, known := libraryCallbackList(simple); known && libOwn[id] {
					// A type with a library supertype whose name also names a known library
					// type may have both: a name the index matched only by its simple name
					// (Entry in a subclass of AbstractMap is Map.Entry).
					for _, n := range list {
						names[n] = true
					}
				}
				continue
			}
			list, known := libraryCallbackList(simple)
			if !known {
				return nil, true, simple
			}
			for _, n := range list {
				names[n] = true
			}
		}
	}
	return names, false, ""
}

// isObjectCallback reports the Object methods libraries call on any object.
func isObjectCallback(m *Member) bool { return objectCallback(m.Name, len(m.Params)) }

// objectCallback says whether a method called name with arity parameters is one library
// code may call on any object (Object's overridable methods, and compareTo): every project
// object's creation already depends on its class's (callbackTargets).
func objectCallback(name string, arity int) bool {
	switch name {
	case "toString", "hashCode", "finalize", "clone":
		return arity == 0
	case "equals", "compareTo":
		return arity == 1
	}
	return false
}

// callbackTargets returns the methods library code may call on an object whose class is
// typ: the overridable methods of typ and its project ancestors that override
// java.lang.Object's or a known library supertype's methods (every instance method when a
// library supertype is unknown), but not its serialization hooks, which serialization calls
// reach (allSerializationHooks). The graph adds them where such an object comes into existence (new, enum constants, X::new) or where a
// project object meets a library method through its own inherited library members; a mere
// mention of the type reaches none of them.
func (r *resolver) callbackTargets(typ string) []string {
	if out, ok := r.callbacks[typ]; ok {
		return out
	}
	hier := r.hierarchy(typ)
	var names map[string]bool
	all, lib := false, r.idx.libSuper[typ]
	if lib {
		names, all, _ = libraryCallbackNames(r.s, hier, r.idx.supers, r.idx.libOwn)
	}
	var out []string
	seen := map[string]bool{}
	for _, id := range hier {
		t := r.s.Type(id)
		if t == nil {
			continue
		}
		for _, m := range t.Members {
			if m.Kind != KindMethod || m.Static() || seen[m.ID] {
				continue
			}
			private := hasString(m.Modifiers, "private") || m.Access == "private"
			if isSerializationHook(m) {
				continue // run by serialization calls (serializationCalls), not by the object's creation
			}
			if !private && (all || names[m.Name] || isObjectCallback(m)) {
				seen[m.ID] = true
				out = append(out, m.ID)
			}
		}
	}
	if lib && names["readResolve"] {
		// Deserialization runs the no-argument constructor of the first superclass that
		// is not serializable (an Externalizable class's own): which one that is may hang
		// on library supertypes, so every project superclass's.
		start := r.idx.superCls[typ]
		if names["readExternal"] {
			start = typ
		}
		for c, n := start, 0; c != "" && n < 32; c, n = r.idx.superCls[c], n+1 {
			if ctor := noArgConstructor(r.s.Type(c)); ctor != "" && !seen[ctor] {
				seen[ctor] = true
				out = append(out, ctor)
			}
		}
	}
	r.callbacks[typ] = out
	return out
}

// noArgConstructor names t's constructor without parameters, declared or implicit; "" when
// t declares constructors but none without parameters.
func noArgConstructor(t *Type) string {
	if t == nil || t.Kind != "class" {
		return ""
	}
	declared := false
	for _, m := range t.Members {
		if m.Kind == KindConstructor {
			declared = true
			if len(m.Params) == 0 {
				return m.ID
			}
		}
	}
	if declared {
		return ""
	}
	return implicitConstructor(t)
}

// CallbackMembers returns the methods library code may call back on an object of the
// project type typ (see callbackTargets); nil for a type the graph does not know.
func (g *Graph) CallbackMembers(typ string) []string {
	if g.snap.Type(typ) == nil {
		return nil
	}
	return newResolver(g.snap, g.idx, nil).callbackTargets(typ)
}

// resolvesInProject reports whether one of a type's resolved project supertypes has this
// simple name, that is, whether the written supertype named a project type.
func resolvesInProject(supers []string, simple string) bool {
	for _, sid := range supers {
		if lastSegment(sid) == simple {
			return true
		}
	}
	return false
}

// testObjectMethods returns, for a type declared in test sources, the public methods it
// and its test-declared supertypes declare that override nothing. Tests hand their own
// helper objects to the code under test, which may call such a method by a name it
// computes at run time (commons-lang's EventUtils.addEventListener calls "add" + the
// listener type's name through MethodUtils), where no reflective rule can follow the name.
// Creating such an object in a test class therefore depends on them; the reverse walk
// keeps them to the test files that create it (see Reached). Objects a helper type's
// methods make are left out: production code may call those methods back (gson's
// InstanceCreator implementations), and their objects would reach every test through it. Left out: overrides, which run where what they
// override is called (dispatch edges; a computed name reaching one is a known gap), the
// serialization hooks (see serializationCalls), and production types, whose every method
// would otherwise tie each creation to all of its type's code.
func (r *resolver) testObjectMethods(typ string) []string {
	hier := r.hierarchy(typ)
	declared := map[string]bool{} // name/arity of the methods of the project supertypes
	for _, id := range hier[1:] {
		if t := r.s.Type(id); t != nil {
			for _, m := range t.Members {
				declared[m.Name+"/"+strconv.Itoa(len(m.Params))] = true
			}
		}
	}
	var out []string
	for i, id := range hier {
		f, t := r.s.FileOf(id), r.s.Type(id)
		if f == nil || !f.Test || t == nil || declaresTests(t) {
			continue // a test class's objects are made by the test framework, which runs its tests
		}
		for _, m := range t.Members {
			public := m.Access == "public" || t.Kind == "interface" && m.Access == ""
			if m.Kind != KindMethod || m.Static() || !public || isObjectCallback(m) || isSerializationHook(m) {
				continue
			}
			if i == 0 && declared[m.Name+"/"+strconv.Itoa(len(m.Params))] {
				continue // overrides (or overloads alike) a project supertype's method
			}
			out = append(out, m.ID)
		}
	}
	return out
}

// reflectedArguments adds to res, for a call a test method makes, every instance method
// of each production type (and subtype) an argument may have where the project method
// called takes it as an Object or an unbounded type parameter: code that takes any object
// may find and run its methods by a name it computes (jodd's
// BeanUtil.declared.getProperty(systemInfo, name) runs the getter name picks through its
// introspector, a lookup no reflective rule can follow to the caller's object). Test
// objects are testObjectMethods' to cover; kept to test methods, like them, so that
// production code's own hand-offs do not tie each Object-taking utility to every class.
func (mc *memberCtx) reflectedArguments(c Call, res *callResult) {
	if c.Arity <= 0 || !mc.r.inTestClass(mc.typ) {
		return
	}
	var args []valType
	seen := map[string]bool{}
	for _, tg := range res.targets {
		if tg.kind != "call" && tg.kind != "new" {
			continue
		}
		owner, _, _ := strings.Cut(tg.id, "#")
		t := mc.r.s.Type(owner)
		if t == nil {
			continue
		}
		m := t.Member(tg.id)
		if m == nil || len(m.Params) == 0 {
			continue
		}
		if args == nil {
			args = mc.argTypes(c)
		}
		for i, a := range args {
			if a.static || a.lib || len(a.ids) == 0 || !takesAnyObject(t, m, min(i, len(m.Params)-1)) {
				continue
			}
			for _, id := range mc.runtimeClasses(a) {
				if f, at := mc.r.s.FileOf(id), mc.r.s.Type(id); f == nil || f.Test || at == nil || at.Kind == "enum" || seen[id] {
					continue // enum constants: what library code calls on them is their callbacks
				}
				seen[id] = true
				for _, h := range mc.r.hierarchy(id) {
					ht := mc.r.s.Type(h)
					if ht == nil {
						continue
					}
					for _, hm := range ht.Members {
						if hm.Kind == KindMethod && !hm.Static() {
							res.targets = append(res.targets, target{id: hm.ID, kind: EdgeCallback, why: WhyReflectedArgument})
						}
					}
				}
			}
		}
	}
}

// takesAnyObject reports whether parameter i of method m of t is declared Object (or an
// array or varargs of it) or as a type parameter without bound, of m or of t.
func takesAnyObject(t *Type, m *Member, i int) bool {
	p := strings.TrimSuffix(strings.TrimSuffix(m.Params[i], "..."), "[]")
	if p == "Object" {
		return true
	}
	for _, tp := range append(slices.Clone(m.TypeParams), t.TypeParams...) {
		if tp.Name == p {
			return tp.Bound == ""
		}
	}
	return false
}

// declaresTests says whether t declares a test method.
func declaresTests(t *Type) bool {
	return slices.ContainsFunc(t.Members, func(m *Member) bool { return IsTestMethod(t, m) })
}

// inTestClass says whether code in type typ is code of a test class: typ declares tests
// (a nested helper type's methods are not, whatever encloses them).
func (r *resolver) inTestClass(typ string) bool {
	if is, ok := r.testClasses[typ]; ok {
		return is // its dependency is recorded in r.d already
	}
	r.d.typ(typ)
	t := r.s.Type(typ)
	is := t != nil && declaresTests(t)
	r.testClasses[typ] = is
	return is
}
