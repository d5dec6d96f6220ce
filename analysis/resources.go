package analysis

import (
	"bytes"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// maxNamingResource bounds the resources read for class names: larger ones are data.
const maxNamingResource = 1 << 20

// resourceNames returns the dotted names a resource's text mentions ("a.b.Factory",
// "a.b.Outer$Inner" as "a.b.Outer.Inner"), sorted, for the classes a library or reflective
// code may make from it: Digester rules, Spring-style XML, properties naming handlers,
// META-INF/services files. In binary content the names are read from its runs of text:
// a Java serialization stream names the class of every object it holds, right after a
// length byte that may itself read as a letter ("'" or "Aorg.x.Foo"), so a name is also
// taken without its first character there. Oversized content names nothing.
func resourceNames(b []byte) []string {
	if len(b) > maxNamingResource {
		return nil
	}
	binary := bytes.IndexByte(b, 0) >= 0
	seen := map[string]bool{}
	isStart := func(c byte) bool { return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isPart := func(c byte) bool { return isStart(c) || c >= '0' && c <= '9' }
	for i := 0; i < len(b); {
		if !isStart(b[i]) || i > 0 && (isPart(b[i-1]) || b[i-1] == '.') {
			i++
			continue
		}
		j, dots := i, 0
		for j < len(b) {
			for j < len(b) && isPart(b[j]) {
				j++
			}
			if j+1 < len(b) && b[j] == '.' && isStart(b[j+1]) {
				j++
				dots++
				continue
			}
			break
		}
		if dots > 0 {
			seen[strings.ReplaceAll(string(b[i:j]), "$", ".")] = true
			if binary && isStart(b[i+1]) {
				seen[strings.ReplaceAll(string(b[i+1:j]), "$", ".")] = true
			}
		}
		i = j
	}
	for _, m := range methodAttribute.FindAllSubmatch(b, -1) {
		seen[methodPrefix+string(m[1])] = true
	}
	return slices.Sorted(maps.Keys(seen))
}

// methodAttribute matches the attributes through which a library calls a method by its
// name: Digester rules (<call-method-rule methodname="addConstant">, set-next-rule), Spring
// and similar XML (init-method, destroy-method, factory-method, method).
var methodAttribute = regexp.MustCompile(`(?i)\b(?:methodname|init-method|destroy-method|factory-method|method)\s*=\s*["']([A-Za-z_$][A-Za-z0-9_$]*)["']`)

// methodPrefix marks, among a resource's names, the method names it gives (see
// methodAttribute): "#addConstant".
const methodPrefix = "#"

// ResourceMethods returns the method names the resources a file-name literal may load give
// to a library that calls them by name (commons-validator's Digester rules call
// addConstant and addValidatorAction on the objects the code hands it), sorted.
func (s *Snapshot) ResourceMethods(literal string) []string {
	var out []string
	for _, n := range s.namesLoadedBy(literal) {
		if m, ok := strings.CutPrefix(n, methodPrefix); ok {
			out = append(out, m)
		}
	}
	return out
}

// ResourceTypes returns the project types named in the resources a file-name literal may
// load (literal "rules.xml" or "/a/b/rules.xml" matches any resource whose path ends so),
// sorted. Code that loads a resource may make any class it names, reflectively or through a
// library (commons-validator's Digester rules name the classes it creates and the setters
// it calls), so the code depends on every member of those types.
func (s *Snapshot) ResourceTypes(literal string) []string {
	var out []string
	for _, n := range s.namesLoadedBy(literal) {
		if s.Type(n) != nil {
			out = append(out, n)
		}
	}
	return out
}

// namesLoadedBy returns every dotted name the resources a file-name literal may load
// mention, whether a project type or not, sorted and without repeats.
func (s *Snapshot) namesLoadedBy(literal string) []string {
	name := strings.TrimPrefix(literal, "/")
	if name == "" || len(s.Named) == 0 {
		return nil
	}
	var out []string
	for p, names := range s.Named {
		if p == name || strings.HasSuffix(p, "/"+name) {
			out = append(out, names...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// NamingResources returns the base names of the resources that name a project type: the
// only file names whose literals ResourceTypes answers with something.
func (s *Snapshot) NamingResources() []string {
	var out []string
	for p, names := range s.Named {
		if slices.ContainsFunc(names, func(n string) bool { return s.Type(n) != nil }) {
			out = append(out, p[strings.LastIndexByte(p, '/')+1:])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// servicesDir is where a jar lists the providers of each service interface, in a file
// named after the interface, which java.util.ServiceLoader reads.
const servicesDir = "META-INF/services/"

// ServiceProviders returns the class names the project's META-INF/services files list as
// providers of the service interface qualified ("java.time.chrono.Chronology"), or of any
// service when qualified is "", sorted and without repeats: project types or not (a
// provider the project may declare later).
func (s *Snapshot) ServiceProviders(qualified string) []string {
	var out []string
	for p, names := range s.Named {
		i := strings.LastIndex(p, servicesDir)
		if i < 0 || i > 0 && p[i-1] != '/' || qualified != "" && p[i+len(servicesDir):] != qualified {
			continue
		}
		out = append(out, names...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
