// Package project reads a Java workspace's build layout from its build files: which folders
// are modules, which hold main sources, test sources and resources, and which Java folders
// lie outside the build (example trees, site sources) and so are neither compiled nor indexed.
//
// Everything here is pure: callers hand in the list of paths and a function reading one
// file. The one disk walk of the workspace lives in the analysis package (DirSource).
package project

import (
	"path"
	"slices"
	"sort"
	"strings"
)

// Kind names how a workspace is built.
type Kind string

// Build kinds.
const (
	Maven  Kind = "maven"
	Gradle Kind = "gradle"
	Plain  Kind = "plain" // no build file: every folder is source, tests found by path and code
)

// Module is one unit of the build: a Maven module (a pom.xml reachable through <modules>),
// a Gradle project (the root or an `include`d one), or the whole tree of a plain workspace.
type Module struct {
	Dir       string   `json:"dir"`                 // slash path relative to the root, "" for the root
	BuildFile string   `json:"buildFile,omitempty"` // relative path of its pom.xml or build.gradle
	Main      []string `json:"main,omitempty"`      // main source roots, relative to the workspace root
	Test      []string `json:"test,omitempty"`      // test source roots (compiled after main)
	Resources []string `json:"resources,omitempty"` // resource roots, main and test
	// Excludes and TestExcludes are Ant patterns, relative to each main or test root, of
	// sources the build does not compile (maven-compiler-plugin's excludes/testExcludes).
	Excludes     []string `json:"excludes,omitempty"`
	TestExcludes []string `json:"testExcludes,omitempty"`
	// Generators are the build plugins that write Java sources into the build output
	// (javacc-maven-plugin, antlr4-maven-plugin…): the module does not compile from its
	// source roots alone, so its target/generated-sources and target/generated-test-sources
	// are among Main and Test.
	Generators []string `json:"generators,omitempty"`
	// Processed are the folders where javac's annotation processors leave the sources
	// they generate during a Maven build (target/generated-sources/annotations and
	// target/generated-test-sources/test-annotations), among Main and Test: the index reads
	// what a build left there (vavr's Patterns, which tests call), but a compile leaves them
	// out, since the processors write them again (see Model.ProcessorOutput).
	Processed []string `json:"processed,omitempty"`
}

// Model is the build layout of a workspace.
type Model struct {
	Kind    Kind     `json:"kind"`
	Modules []Module `json:"modules"` // sorted by Dir; the root module first
	// Notes explain build files that could not be read or modules that do not exist.
	Notes []string `json:"notes,omitempty"`
	// Parents are parent POMs the build reads that are no module's own pom.xml (by
	// <relativePath>, by default ../pom.xml), as slash paths relative to the workspace:
	// "../pom.xml" when the workspace is a module of a larger repository. A change to
	// one changes the build as much as a change to a module's pom.xml.
	Parents []string `json:"parents,omitempty"`

	roots []root // every source and resource root, longest first
}

// Role says what a file is to the build.
type Role int

// Roles of files.
const (
	Outside  Role = iota // not part of the build's sources
	Main                 // main source
	Test                 // test source
	Resource             // under a resource root
	Build                // a build file of a module
)

// root is one source or resource folder with its role and module.
type root struct {
	dir      string // "" only in plain workspaces
	role     Role
	module   string
	excludes []string // Ant patterns relative to dir of sources the build leaves out
}

// skipDirs are folders that never hold project sources: build outputs and tool folders.
// Hidden folders are skipped too (see SkipDir).
var skipDirs = map[string]bool{
	"target": true, "build": true, "out": true, "bin": true, "node_modules": true,
}

// Skip reports whether a folder of this name is never part of the project (build
// outputs, tool folders, hidden folders such as .git, .gradle, .idea, .mvn), wherever it
// is. A walk that knows where the folder is asks SkipDir, which keeps packages of those
// names (org.apache.commons.io.build) inside source trees.
func Skip(name string) bool {
	return skipDirs[name] || hidden(name)
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") && name != "." && name != ".." }

// SkipDir reports whether the folder at relative path rel is never part of the project:
// a hidden folder anywhere, or a build output or tool folder (target, build, out, bin,
// node_modules) outside src: builds put their outputs beside src, and a folder of that
// name under src is a Java package or a source set.
func SkipDir(rel string) bool {
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		if hidden(part) {
			return true
		}
		if !skipDirs[part] || slices.Contains(parts[:i], "src") {
			continue
		}
		if part == "target" && (i == len(parts)-1 || generatedFolders[parts[i+1]]) {
			continue // a walk goes down to the generated sources, and only to them
		}
		return true
	}
	return false
}

// generatedFolders are the folders of Maven's build output where source generators write
// Java sources (javacc, antlr, protobuf…): a module that declares a generator compiles them
// (see Module.Generators), so the index reads them too.
var generatedFolders = map[string]bool{"generated-sources": true, "generated-test-sources": true}

// Where Maven's source generators write, below a module's folder: main and test sources.
const (
	GeneratedMain = "target/generated-sources"
	GeneratedTest = "target/generated-test-sources"
)

// Where maven-compiler-plugin has javac's annotation processors write, below a module's
// folder: main and test sources.
const (
	ProcessedMain = "target/generated-sources/annotations"
	ProcessedTest = "target/generated-test-sources/test-annotations"
)

// IsGenerated reports whether rel lies in a generated-sources folder of a build output
// (target/generated-sources/…).
func IsGenerated(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == "target" && generatedFolders[parts[i+1]] {
			return true
		}
	}
	return false
}

// Skipped reports whether a relative file path lies in a skipped folder (see SkipDir).
func Skipped(rel string) bool {
	dir := path.Dir(rel)
	if dir == "." {
		return false
	}
	if SkipDir(dir) {
		return true
	}
	// SkipDir lets a walk into a build output folder for its generated sources; its other
	// files are still outputs.
	parts := strings.Split(dir, "/")
	for i, part := range parts {
		if part == "target" && !slices.Contains(parts[:i], "src") && (i == len(parts)-1 || !generatedFolders[parts[i+1]]) {
			return true
		}
	}
	return false
}

// IsBuildFile reports whether a relative path names a Maven or Gradle build file: a POM,
// any Gradle script (build.gradle, settings.gradle, scripts a build applies or names its
// projects' build files after), Gradle properties, or a Gradle version catalog.
func IsBuildFile(rel string) bool {
	base := path.Base(rel)
	switch {
	case base == "pom.xml", base == "gradle.properties":
		return true
	case strings.HasSuffix(base, ".gradle"), strings.HasSuffix(base, ".gradle.kts"):
		return base != ".gradle" && base != ".gradle.kts"
	case strings.HasSuffix(base, ".versions.toml"):
		return path.Base(path.Dir(rel)) == "gradle"
	}
	return false
}

// IsTestPath is the path rule for test code where the build does not say: src/test/…, any
// source set whose name contains "test" (src/integrationTest/java), or a folder named test
// or tests.
func IsTestPath(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == "src" && strings.Contains(strings.ToLower(parts[i+1]), "test") {
			return true
		}
	}
	for _, p := range parts[:len(parts)-1] {
		if p == "test" || p == "tests" {
			return true
		}
	}
	return false
}

// Load reads the build layout. paths lists the workspace's files (slash-separated,
// relative); read returns one file's content. A root pom.xml makes a Maven model, a root
// settings.gradle(.kts) or build.gradle(.kts) a Gradle one; otherwise the tree is plain.
func Load(paths []string, read func(rel string) ([]byte, error)) *Model {
	has := make(map[string]bool, len(paths))
	for _, p := range paths {
		has[p] = true
	}
	var m *Model
	switch {
	case has["pom.xml"]:
		m = loadMaven(has, read)
	case has["settings.gradle"] || has["settings.gradle.kts"] || has["build.gradle"] || has["build.gradle.kts"]:
		m = loadGradle(paths, has, read)
	default:
		m = &Model{Kind: Plain, Modules: []Module{{Dir: ""}}}
	}
	m.finish()
	return m
}

// PlainModel is the model of a workspace without build files.
func PlainModel() *Model {
	m := &Model{Kind: Plain, Modules: []Module{{Dir: ""}}}
	m.finish()
	return m
}

// finish sorts the modules and indexes the roots.
func (m *Model) finish() {
	sort.Slice(m.Modules, func(i, j int) bool { return m.Modules[i].Dir < m.Modules[j].Dir })
	m.roots = nil
	if m.Kind == Plain {
		return
	}
	for _, mod := range m.Modules {
		for _, d := range mod.Main {
			m.roots = append(m.roots, root{d, Main, mod.Dir, mod.Excludes})
		}
		for _, d := range mod.Test {
			m.roots = append(m.roots, root{d, Test, mod.Dir, mod.TestExcludes})
		}
		for _, d := range mod.Resources {
			m.roots = append(m.roots, root{d, Resource, mod.Dir, nil})
		}
	}
	sort.SliceStable(m.roots, func(i, j int) bool { return len(m.roots[i].dir) > len(m.roots[j].dir) })
}

// under reports whether rel lies in folder dir ("" is the whole tree).
func under(rel, dir string) bool {
	return dir == "" || strings.HasPrefix(rel, dir+"/")
}

// Role says what rel is to the build. In a plain workspace every Java file is source
// (test by IsTestPath; analysis also looks at the code), resources are src/*/resources.
func (m *Model) Role(rel string) Role {
	if slices.Contains(m.Parents, rel) {
		return Build
	}
	if IsBuildFile(rel) {
		if m.Kind == Plain {
			return Build
		}
		if m.Kind == Gradle && !strings.HasSuffix(rel, "pom.xml") && !strings.Contains("/"+rel, "/src/") {
			// A Gradle script or catalog anywhere in the build (gradle/versioning.gradle,
			// hamcrest/hamcrest.gradle) may configure any project: its module is the
			// deepest one holding it, the root's for shared scripts.
			return Build
		}
		for _, mod := range m.Modules {
			if path.Dir(rel) == dirOrDot(mod.Dir) {
				return Build
			}
		}
		return Outside
	}
	if m.Kind == Plain {
		if Skipped(rel) || IsGenerated(rel) {
			return Outside
		}
		if isPlainResource(rel) {
			return Resource
		}
		if IsTestPath(rel) {
			return Test
		}
		return Main
	}
	for _, r := range m.roots {
		if under(rel, r.dir) {
			if r.role != Resource && excluded(r.excludes, strings.TrimPrefix(rel, r.dir+"/")) {
				return Outside // the compiler plugin leaves it out
			}
			return r.role
		}
	}
	return Outside
}

// excluded reports whether rel matches one of the Ant patterns.
func excluded(patterns []string, rel string) bool {
	for _, p := range patterns {
		if AntMatch(strings.Split(strings.TrimSpace(p), "/"), strings.Split(rel, "/")) {
			return true
		}
	}
	return false
}

// AntMatch matches path segments against an Ant pattern's: "**" stands for any number of
// folders, and each other segment is matched by path.Match ('*', '?'). A pattern ending
// in "/" matches everything below, as in Ant.
func AntMatch(pat, segs []string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if AntMatch(pat[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if pat[0] == "" && len(pat) == 1 {
		return true // trailing "/": everything below
	}
	if len(segs) == 0 {
		return false
	}
	ok, err := path.Match(pat[0], segs[0])
	return err == nil && ok && AntMatch(pat[1:], segs[1:])
}

func dirOrDot(d string) string {
	if d == "" {
		return "."
	}
	return d
}

// isPlainResource reports whether rel lies in a src/*/resources folder.
func isPlainResource(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] == "src" && parts[i+2] == "resources" {
			return true
		}
	}
	return false
}

// ProcessorOutput reports whether rel lies in a folder where annotation processors write
// (see Module.Processed): read, never compiled.
func (m *Model) ProcessorOutput(rel string) bool {
	if m == nil {
		return false
	}
	for _, mod := range m.Modules {
		for _, d := range mod.Processed {
			if strings.HasPrefix(rel, d+"/") {
				return true
			}
		}
	}
	return false
}

// Contains reports whether a Java source belongs to the build (main or test source).
func (m *Model) Contains(rel string) bool {
	r := m.Role(rel)
	return r == Main || r == Test
}

// Wanted reports whether the index looks at rel at all: Java sources of the build,
// its build files and its resources.
func (m *Model) Wanted(rel string) bool {
	if slices.Contains(m.Parents, rel) {
		return true
	}
	if Skipped(rel) {
		return false
	}
	r := m.Role(rel)
	if strings.HasSuffix(rel, ".java") {
		return r == Main || r == Test
	}
	return r == Build || r == Resource
}

// IsTest reports whether the build compiles rel as test code. In a plain workspace this is
// the path rule alone.
func (m *Model) IsTest(rel string) bool { return m.Role(rel) == Test }

// ModuleOf returns the folder of the module holding rel ("" for the root module): the
// module whose source root holds it, else the deepest module folder containing it.
func (m *Model) ModuleOf(rel string) string {
	for _, r := range m.roots {
		if under(rel, r.dir) {
			return r.module
		}
	}
	best := ""
	for _, mod := range m.Modules {
		if mod.Dir != "" && under(rel, mod.Dir) && len(mod.Dir) > len(best) {
			best = mod.Dir
		}
	}
	return best
}

// ModuleDirs returns the module folders, root ("") first.
func (m *Model) ModuleDirs() []string {
	out := make([]string, len(m.Modules))
	for i, mod := range m.Modules {
		out[i] = mod.Dir
	}
	return out
}

// Outside groups Java paths the build does not compile into the folders holding them:
// for each, the deepest folder above its package path that is not itself inside a source
// root, e.g. "src/userguide/java" or "examples". The result is sorted and deduplicated.
func (m *Model) Outside(javaPaths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range javaPaths {
		if !strings.HasSuffix(p, ".java") || Skipped(p) || m.Contains(p) {
			continue
		}
		d := outsideFolder(p)
		if m.inSourceRoot(p) {
			d = p // left out by a compiler exclude: name the file, its folder is built
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

// inSourceRoot reports whether rel lies in a main or test source root.
func (m *Model) inSourceRoot(rel string) bool {
	for _, r := range m.roots {
		if r.role != Resource && under(rel, r.dir) {
			return true
		}
	}
	return false
}

// outsideFolder names the folder of an excluded Java file for reports: up to and
// including a "java" folder when the path has one (src/userguide/java), else the file's
// own folder.
func outsideFolder(p string) string {
	dir := path.Dir(p)
	parts := strings.Split(dir, "/")
	for i, s := range parts {
		if s == "java" {
			return strings.Join(parts[:i+1], "/")
		}
	}
	return dir
}
