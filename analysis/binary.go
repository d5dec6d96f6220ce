package analysis

import "strings"

// BinaryName returns the JVM's binary name of a type id: a nested type joins its outer
// type's binary name with '$' ("pkg.Outer.Inner" is "pkg.Outer$Inner"). A '$' that is
// part of a source name stays as it is ("p.$Gson$Types").
func (s *Snapshot) BinaryName(typeID string) string {
	t := s.Type(typeID)
	if t == nil || t.Outer == "" {
		return typeID
	}
	return s.BinaryName(t.Outer) + "$" + t.Name
}

// BinaryNames maps the JVM binary name of every type of s to its type id, for reading
// names the JVM reports (test classes of a run, classes of a coverage record).
func BinaryNames(s *Snapshot) map[string]string {
	out := map[string]string{}
	for _, f := range s.Files {
		for _, t := range f.Types {
			out[s.BinaryName(t.ID)] = t.ID
		}
	}
	return out
}

// TypeIDOfBinary returns the type id of a JVM binary class name: the type names (see
// BinaryNames) knows by it, else the name with every '$' read as nesting.
func TypeIDOfBinary(names map[string]string, binary string) string {
	if id, ok := names[binary]; ok {
		return id
	}
	return strings.ReplaceAll(binary, "$", ".")
}
