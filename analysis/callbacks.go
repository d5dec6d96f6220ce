package analysis

import "strings"

// LibraryCallbacks lists, for well-known JDK interfaces, every method through which code
// outside the project can call into an implementation (abstract and default methods,
// serialization hooks for Serializable). A type whose only non-project supertypes are
// listed here can be called back only through those names and java.lang.Object's methods;
// any other non-project supertype (an abstract library class, a listener interface not
// listed) makes every instance method a possible callback.
var LibraryCallbacks = map[string][]string{
	"Object":        nil,
	"Serializable":  {"writeObject", "readObject", "readObjectNoData", "writeReplace", "readResolve"},
	"Cloneable":     {"clone"},
	"Comparable":    {"compareTo"},
	"Comparator":    {"compare", "equals", "reversed", "thenComparing", "thenComparingInt", "thenComparingLong", "thenComparingDouble"},
	"Runnable":      {"run"},
	"Callable":      {"call"},
	"AutoCloseable": {"close"},
	"Closeable":     {"close"},
	"Iterable":      {"iterator", "forEach", "spliterator"},
	"Iterator":      {"hasNext", "next", "remove", "forEachRemaining"},
	"Supplier":      {"get"},
	"Consumer":      {"accept", "andThen"},
	"BiConsumer":    {"accept", "andThen"},
	"Function":      {"apply", "andThen", "compose"},
	"BiFunction":    {"apply", "andThen"},
	"Predicate":     {"test", "and", "or", "negate"},
	"CharSequence":  {"length", "charAt", "subSequence", "chars", "codePoints", "isEmpty", "toString"},
}

// serializationHooks are the methods Java serialization finds and calls reflectively on a
// Serializable class, whatever their access.
var serializationHooks = map[string]bool{"writeObject": true, "readObject": true, "readObjectNoData": true, "writeReplace": true, "readResolve": true}

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
// project supertypes. all reports that any instance method may be called back.
func libraryCallbackNames(s *Snapshot, hier []string, supers map[string][]string) (names map[string]bool, all bool) {
	names = map[string]bool{}
	for _, id := range hier {
		t := s.Type(id)
		if t == nil {
			continue
		}
		if implicitLibSuper[t.Kind] {
			return nil, true // Enum and Record: library classes with many overridable methods
		}
		for _, written := range append(append([]string{}, t.Extends...), t.Implements...) {
			simple := LibraryTypeName(written)
			if resolvesInProject(supers[id], simple) {
				continue
			}
			list, known := LibraryCallbacks[simple]
			if !known {
				return nil, true
			}
			for _, n := range list {
				names[n] = true
			}
		}
	}
	return names, false
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
