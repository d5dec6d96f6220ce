package runner

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/project"
)

// File is one Java source of a run plan as the caller's snapshot knows it: its content
// and the facts the runner needs about it, taken from the parsed file (never re-derived
// from text).
type File struct {
	Rel     string // relative to Root (slash-separated)
	Test    bool   // compiled in the test phase, after the main sources
	Package string
	// Types are the simple names of the types the file declares, nested ones too.
	Types []string
	// Supers are the simple names of the types its types extend or implement.
	Supers []string
	// Constants reports a static final field of primitive or String type, whose value
	// javac inlines into the classes that read it.
	Constants bool
	// Tests reports JUnit test methods, a JUnit 3 TestCase or JUnit imports in the file.
	Tests   bool
	Content []byte
}

// FileOf builds the plan entry of a parsed file.
func FileOf(f *analysis.File, content []byte, test bool) File {
	out := File{Rel: f.Path, Test: test, Package: f.Package, Content: content, Tests: analysis.HasTestMarkers(f)}
	for _, im := range f.Imports {
		if strings.HasPrefix(im.Name, "org.junit") || strings.HasPrefix(im.Name, "junit.") {
			out.Tests = true // test helpers and base classes using JUnit count as test code
		}
	}
	for _, t := range f.Types {
		out.Types = append(out.Types, t.Name)
		for _, s := range append(append([]string{}, t.Extends...), t.Implements...) {
			out.Supers = append(out.Supers, simpleName(s))
		}
		for _, m := range t.Members {
			if m.Kind != analysis.KindField || !constantType[m.ReturnType] {
				continue
			}
			static := t.Kind == "interface" || t.Kind == "annotation" || hasMod(m.Modifiers, "static")
			final := t.Kind == "interface" || t.Kind == "annotation" || hasMod(m.Modifiers, "final")
			if static && final {
				out.Constants = true
			}
		}
	}
	return out
}

// constantType lists the field types whose static final values javac may inline.
var constantType = map[string]bool{
	"int": true, "long": true, "short": true, "byte": true, "char": true, "boolean": true,
	"float": true, "double": true, "String": true, "java.lang.String": true,
}

func hasMod(mods []string, m string) bool {
	for _, x := range mods {
		if x == m {
			return true
		}
	}
	return false
}

// simpleName strips qualification and type arguments from a type as written.
func simpleName(t string) string {
	if i := strings.IndexByte(t, '<'); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return strings.TrimSpace(t)
}

// describe parses content to build its plan entry (generated slice classes, old shadow
// copies, and workspaces read by the runner itself).
func describe(rel string, content []byte, test bool) File {
	return FileOf(analysis.ParseSource(rel, content), content, test)
}

// sourceFile is one Java file as it will be compiled in the shadow tree.
type sourceFile struct {
	File
	Hash  string
	names map[string]bool // identifiers it uses, built on demand
}

// uses reports whether the file's tokens (comments and literals excluded) contain name.
func (f *sourceFile) uses(name string) bool {
	if f.names == nil {
		f.names = identifiers(f.Content)
	}
	return f.names[name]
}

// identifiers returns the identifiers of a Java source, cut by the analysis lexer.
func identifiers(src []byte) map[string]bool {
	names := map[string]bool{}
	for _, t := range analysis.Lex(src, 0, len(src)) {
		if t.Kind == analysis.TokIdent {
			names[string(src[t.Start:t.End])] = true
		}
	}
	return names
}

// newSourceFile wraps a plan entry.
func newSourceFile(f File) *sourceFile {
	return &sourceFile{File: f, Hash: hashBytes(f.Content)}
}

// declared returns the names a file declares, plus its base name.
func (f File) declared() []string {
	return append([]string{strings.TrimSuffix(path.Base(f.Rel), ".java")}, f.Types...)
}

// topLevelClass returns the binary name of the file's public top-level class.
func (f File) topLevelClass() string {
	name := strings.TrimSuffix(path.Base(f.Rel), ".java")
	if f.Package != "" {
		return f.Package + "." + name
	}
	return name
}

// collectSources returns the sources to compile: the plan's files when the request has
// them, otherwise the workspace's Java files inside the build's source folders (read
// through the analysis package, overlays applied); then the generated files, which
// always join the test phase. Sources annotation processors wrote in an earlier build
// are left out: the processors write them again (see project.Module.Processed).
func collectSources(req Request, model *project.Model) (map[string]*sourceFile, error) {
	files := map[string]*sourceFile{}
	if req.Files != nil {
		for _, f := range req.Files {
			f.Rel = cleanRel(f.Rel)
			if isModuleDescriptor(f.Rel) || model.ProcessorOutput(f.Rel) {
				continue
			}
			files[f.Rel] = newSourceFile(f)
		}
	} else {
		src := analysis.DirSource{Root: req.Root}
		paths, err := src.List()
		if err != nil {
			return nil, fmt.Errorf("collect sources: %w", err)
		}
		for rel := range req.Overlays {
			paths = append(paths, cleanRel(rel))
		}
		sort.Strings(paths)
		for _, rel := range paths {
			if !strings.HasSuffix(rel, ".java") || isModuleDescriptor(rel) || !model.Contains(rel) || model.ProcessorOutput(rel) || files[rel] != nil {
				continue
			}
			content, ok := req.Overlays[rel]
			if !ok {
				if content, err = src.Read(rel); err != nil {
					return nil, fmt.Errorf("collect sources: %w", err)
				}
			}
			files[rel] = newSourceFile(describe(rel, content, compiledAsTest(model, rel)))
		}
	}
	for rel, content := range req.Generated {
		rel = cleanRel(rel)
		files[rel] = newSourceFile(describe(rel, content, true))
	}
	return files, nil
}

// generatesSources marks the note missingGenerated leaves for a module whose generated
// sources are missing.
const generatesSources = "generates sources with"

// ExplainsCompileFailure reports whether a run note may explain why the project did not
// compile: a module's generated sources are missing.
func ExplainsCompileFailure(note string) bool {
	return strings.Contains(note, generatesSources)
}

// missingGenerated notes each module that declares a source generator (see
// project.Module.Generators) but whose generated sources are not there: assertlens reads
// what the build generated and never runs a generator, which would write into the project.
func missingGenerated(root string, model *project.Model) []string {
	if model == nil {
		return nil
	}
	var notes []string
	for _, mod := range model.Modules {
		if len(mod.Generators) == 0 {
			continue
		}
		gen := path.Join(mod.Dir, project.GeneratedMain)
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(gen))); err == nil {
			continue
		}
		where := mod.Dir
		if where == "" {
			where = "the root module"
		}
		notes = append(notes, fmt.Sprintf("%s "+generatesSources+" %s but %s is missing: run the build's generate-sources once (assertlens reads generated sources, never generates them)",
			where, strings.Join(mod.Generators, ", "), gen))
	}
	return notes
}

// isModuleDescriptor says whether rel is a module-info.java. Tests run on the class path,
// where module descriptors mean nothing, and compiling one next to test sources fails (its
// requires name modules that are not on a module path, or the project's release predates
// modules, as in gson's multi-release build), so they are left out of the compile.
func isModuleDescriptor(rel string) bool {
	return path.Base(rel) == "module-info.java"
}

// compiledAsTest says whether rel compiles in the test phase. In a plain layout
// everything is compiled in one (test) phase, so nothing can depend on a file the build
// would compile later.
func compiledAsTest(model *project.Model, rel string) bool {
	return model.Kind == project.Plain || model.IsTest(rel)
}

// cleanRel normalises a caller-supplied relative path.
func cleanRel(rel string) string {
	return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(rel)), "./")
}
