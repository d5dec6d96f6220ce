package analysis

// What the generic JDK types' methods return, in terms of their type arguments, so that a
// call on a library value declared with arguments is typed: list.get(i) on a List<Cell> is
// a Cell, map.keySet() on a Map<K, V> a Set<K>. Only results that are a type argument (or
// a library type over type arguments) are listed; anything else stays as before. A value
// declared without arguments (raw) or with a wildcard argument has nothing to substitute.

// genericResult says what a library method returns: the receiver's type argument arg, or,
// when typ is set, a value of library type typ whose arguments are the receiver's
// arguments at args (for entries, the element is a Map.Entry over them). A result of a
// library type is one whatever the receiver's arguments: keySet() of a raw Map is a Set,
// whose methods match no project method by name.
type genericResult struct {
	arg     int
	typ     string
	args    []int
	entries bool
	set     bool
}

// applies reports whether the result can be typed for recv: a library type always, a type
// argument when recv has its arguments.
func (g genericResult) applies(recv valType) bool {
	return g.set && (g.typ != "" || g.arg < len(recv.args))
}

// of types the result for a receiver recv with type arguments.
func (g genericResult) of(recv valType) valType {
	if g.typ == "" {
		if g.arg >= len(recv.args) {
			return unknownVal
		}
		v := recv.args[g.arg]
		v.static = false
		return v
	}
	out := valType{lib: true, lname: g.typ}
	var args []valType
	for _, a := range g.args {
		if a >= len(recv.args) {
			return out // the result's arguments are not known
		}
		args = append(args, recv.args[a])
	}
	if g.entries {
		args = []valType{{lib: true, lname: "Entry", args: args}}
	}
	out.args = args
	return out
}

// libraryGenerics maps "Type.method" (simple names) to what the method returns.
var libraryGenerics = func() map[string]genericResult {
	out := map[string]genericResult{}
	add := func(types, methods []string, r genericResult) {
		r.set = true
		for _, t := range types {
			for _, m := range methods {
				out[t+"."+m] = r
			}
		}
	}
	element := genericResult{arg: 0}
	collections := []string{"Iterable", "Collection", "List", "ArrayList", "LinkedList", "AbstractList",
		"AbstractCollection", "AbstractSequentialList", "CopyOnWriteArrayList", "Vector", "Stack",
		"Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet", "NavigableSet", "AbstractSet",
		"EnumSet", "CopyOnWriteArraySet", "ConcurrentSkipListSet", "Queue", "Deque", "ArrayDeque",
		"PriorityQueue", "BlockingQueue", "LinkedBlockingQueue", "ArrayBlockingQueue",
		"ConcurrentLinkedQueue", "ConcurrentLinkedDeque", "LinkedBlockingDeque", "BlockingDeque",
		"SequencedCollection", "SequencedSet"}
	add(collections, []string{"get", "remove", "set", "getFirst", "getLast", "removeFirst", "removeLast",
		"peek", "peekFirst", "peekLast", "poll", "pollFirst", "pollLast", "pop", "element", "take",
		"first", "last", "floor", "ceiling", "higher", "lower", "firstElement", "lastElement",
		"elementAt"}, element)
	add(collections, []string{"iterator", "listIterator", "descendingIterator"}, genericResult{typ: "Iterator", args: []int{0}})
	add(collections, []string{"subList", "reversed"}, genericResult{typ: "List", args: []int{0}})
	add(collections, []string{"headSet", "tailSet", "subSet", "descendingSet"}, genericResult{typ: "NavigableSet", args: []int{0}})
	add([]string{"Iterator", "ListIterator", "PrimitiveIterator"}, []string{"next", "previous"}, element)
	add([]string{"Enumeration"}, []string{"nextElement"}, element)

	maps := []string{"Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap",
		"AbstractMap", "ConcurrentHashMap", "ConcurrentMap", "ConcurrentSkipListMap",
		"ConcurrentNavigableMap", "Hashtable", "EnumMap", "IdentityHashMap", "WeakHashMap",
		"SequencedMap"}
	value := genericResult{arg: 1}
	add(maps, []string{"get", "put", "remove", "getOrDefault", "putIfAbsent", "replace", "compute",
		"computeIfAbsent", "computeIfPresent", "merge"}, value)
	add(maps, []string{"firstKey", "lastKey", "floorKey", "ceilingKey", "higherKey", "lowerKey"}, element)
	add(maps, []string{"keySet", "navigableKeySet", "descendingKeySet", "sequencedKeySet"}, genericResult{typ: "Set", args: []int{0}})
	add(maps, []string{"values", "sequencedValues"}, genericResult{typ: "Collection", args: []int{1}})
	add(maps, []string{"entrySet", "sequencedEntrySet"}, genericResult{typ: "Set", args: []int{0, 1}, entries: true})
	add(maps, []string{"headMap", "tailMap", "subMap", "descendingMap"}, genericResult{typ: "NavigableMap", args: []int{0, 1}})
	add([]string{"Entry", "SimpleEntry", "SimpleImmutableEntry"}, []string{"getKey"}, element)
	add([]string{"Entry", "SimpleEntry", "SimpleImmutableEntry"}, []string{"getValue", "setValue"}, value)

	add([]string{"Optional"}, []string{"get", "orElse", "orElseGet", "orElseThrow"}, element)
	add([]string{"Supplier", "Callable", "Future", "CompletableFuture", "FutureTask", "ThreadLocal",
		"InheritableThreadLocal", "Reference", "WeakReference", "SoftReference", "PhantomReference",
		"AtomicReference"}, []string{"get", "call", "join", "getNow", "getAndSet", "getAndUpdate",
		"updateAndGet", "getPlain", "getAcquire", "getOpaque"}, element)
	// Streams: what a collection streams, and what stream operations keep, are library
	// streams whatever their elements (their methods match no project method by name).
	add(collections, []string{"stream", "parallelStream"}, genericResult{typ: "Stream", args: []int{0}})
	add([]string{"Stream"}, []string{"filter", "sorted", "distinct", "peek", "limit", "skip", "takeWhile",
		"dropWhile", "sequential", "parallel", "unordered", "onClose"}, genericResult{typ: "Stream", args: []int{0}})
	add([]string{"Stream"}, []string{"map", "flatMap", "mapMulti"}, genericResult{typ: "Stream"})
	add([]string{"Stream"}, []string{"mapToInt", "flatMapToInt"}, genericResult{typ: "IntStream"})
	add([]string{"Stream"}, []string{"mapToLong", "flatMapToLong"}, genericResult{typ: "LongStream"})
	add([]string{"Stream"}, []string{"mapToDouble", "flatMapToDouble"}, genericResult{typ: "DoubleStream"})
	add([]string{"Stream"}, []string{"findFirst", "findAny", "min", "max"}, genericResult{typ: "Optional", args: []int{0}})
	add([]string{"Stream"}, []string{"iterator"}, genericResult{typ: "Iterator", args: []int{0}})
	add([]string{"Stream"}, []string{"toList"}, genericResult{typ: "List", args: []int{0}})
	add([]string{"Function"}, []string{"apply"}, genericResult{arg: 1})
	add([]string{"BiFunction"}, []string{"apply"}, genericResult{arg: 2})
	add([]string{"UnaryOperator", "BinaryOperator"}, []string{"apply"}, element)
	return out
}()

// libraryLambdaParams maps "Type.method" (simple names) to the parameters of the lambdas
// the method takes, per argument position: the receiver's type argument each lambda
// parameter is (Map<K, V>.forEach((k, v) -> ..) hands a K and a V), -1 for one that is
// none of them, nil for an argument that is no lambda of the receiver's elements.
var libraryLambdaParams = func() map[string][][]int {
	out := map[string][][]int{}
	add := func(types, methods []string, sig [][]int) {
		for _, t := range types {
			for _, m := range methods {
				out[t+"."+m] = sig
			}
		}
	}
	collections := []string{"Iterable", "Collection", "List", "ArrayList", "LinkedList", "AbstractList",
		"AbstractCollection", "CopyOnWriteArrayList", "Vector", "Set", "HashSet", "LinkedHashSet",
		"TreeSet", "SortedSet", "NavigableSet", "Queue", "Deque", "ArrayDeque", "PriorityQueue",
		"ConcurrentLinkedQueue", "ConcurrentLinkedDeque", "SequencedCollection", "SequencedSet"}
	add(collections, []string{"forEach", "removeIf"}, [][]int{{0}})
	add([]string{"List", "ArrayList", "LinkedList", "Vector", "CopyOnWriteArrayList"}, []string{"replaceAll"}, [][]int{{0}})
	add([]string{"List", "ArrayList", "LinkedList", "Vector", "CopyOnWriteArrayList"}, []string{"sort"}, [][]int{{0, 0}})
	add([]string{"Iterator", "ListIterator"}, []string{"forEachRemaining"}, [][]int{{0}})
	maps := []string{"Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap",
		"AbstractMap", "ConcurrentHashMap", "ConcurrentMap", "ConcurrentSkipListMap", "Hashtable",
		"EnumMap", "IdentityHashMap", "WeakHashMap", "SequencedMap"}
	add(maps, []string{"forEach", "replaceAll"}, [][]int{{0, 1}})
	add(maps, []string{"computeIfAbsent"}, [][]int{nil, {0}})
	add(maps, []string{"computeIfPresent", "compute"}, [][]int{nil, {0, 1}})
	add(maps, []string{"merge"}, [][]int{nil, nil, {1, 1}})
	add([]string{"Optional"}, []string{"ifPresent", "map", "flatMap", "filter", "ifPresentOrElse"}, [][]int{{0}})
	add([]string{"Stream"}, []string{"filter", "map", "flatMap", "forEach", "forEachOrdered", "anyMatch",
		"allMatch", "noneMatch", "peek", "takeWhile", "dropWhile", "mapToInt", "mapToLong", "mapToDouble",
		"mapMulti"}, [][]int{{0}})
	add([]string{"Stream"}, []string{"sorted", "min", "max"}, [][]int{{0, 0}})
	return out
}()
