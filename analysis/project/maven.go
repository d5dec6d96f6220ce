package project

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
)

// loadMaven reads the root pom.xml and every pom.xml reachable through <modules>.
func loadMaven(has map[string]bool, read func(string) ([]byte, error)) *Model {
	m := &Model{Kind: Maven}
	seen := map[string]bool{}
	var parents []string
	var visit func(dir string)
	visit = func(dir string) {
		if seen[dir] {
			return
		}
		seen[dir] = true
		pomPath := join(dir, "pom.xml")
		if !has[pomPath] {
			m.Notes = append(m.Notes, fmt.Sprintf("module %s has no pom.xml", dirOrDot(dir)))
			return
		}
		data, err := read(pomPath)
		if err != nil {
			m.Notes = append(m.Notes, fmt.Sprintf("%s: %v", pomPath, err))
			return
		}
		p, err := ParsePOM(data)
		if err != nil {
			m.Notes = append(m.Notes, fmt.Sprintf("%s: %v", pomPath, err))
			// Unreadable: assume Maven's defaults so its sources still count.
			p = &POM{}
		}
		local := LocalParents(pomPath, p, read)
		var inherited []*POM
		for _, pp := range local {
			if data, err := read(pp); err == nil {
				if parent, err := ParsePOM(data); err == nil {
					inherited = append(inherited, parent)
				}
			}
		}
		m.Modules = append(m.Modules, mavenModule(dir, pomPath, p, inherited))
		parents = append(parents, local...)
		subs := append([]string{}, p.Modules...)
		for _, pr := range p.Profiles {
			if strings.TrimSpace(pr.ActiveByDefault) == "true" {
				subs = append(subs, pr.Modules...)
			}
		}
		for _, sub := range subs {
			sub = strings.TrimSuffix(strings.TrimSpace(sub), "/pom.xml")
			if sub == "" {
				continue
			}
			visit(clean(join(dir, sub)))
		}
	}
	visit("")
	for _, pp := range parents {
		if !slices.Contains(m.Parents, pp) && !slices.ContainsFunc(m.Modules, func(mod Module) bool { return mod.BuildFile == pp }) {
			m.Parents = append(m.Parents, pp)
		}
	}
	sort.Strings(m.Parents)
	return m
}

// LocalParents follows the <parent> chain of the POM p at pomPath as Maven looks for it
// on disk: at <relativePath> (a file, or a folder holding pom.xml), by default ../pom.xml,
// and only when that file's artifactId is the parent's (otherwise Maven takes the parent
// from a repository). It returns the paths of the parent POMs found, nearest first; they
// may lie outside the workspace ("../pom.xml"). An empty <relativePath/> asks for no
// local lookup. Paths are slash paths: relative to the workspace, or absolute when
// pomPath is.
func LocalParents(pomPath string, p *POM, read func(string) ([]byte, error)) []string {
	var out []string
	cur, at := p, pomPath
	for i := 0; i < 8 && cur.Parent.ArtifactID != ""; i++ {
		rel := "../pom.xml"
		if r := cur.Parent.RelativePath; r != nil {
			rel = strings.TrimSpace(*r)
		}
		if rel == "" {
			break
		}
		pp := clean(join(path.Dir(at), rel))
		if !strings.HasSuffix(pp, ".xml") {
			pp = join(pp, "pom.xml")
		}
		data, err := read(pp)
		if err != nil {
			break
		}
		parent, err := ParsePOM(data)
		if err != nil || parent.ArtifactID != cur.Parent.ArtifactID {
			break
		}
		out = append(out, pp)
		cur, at = parent, pp
	}
	return out
}

// mavenModule lays out one module from its POM: <sourceDirectory>,
// <testSourceDirectory>, resources and build-helper sources, Maven's defaults otherwise.
// parents are its local parent POMs, nearest first: their properties and the plugins
// they declare or manage apply to it too.
func mavenModule(dir, pomPath string, p *POM, parents []*POM) Module {
	props := Props{}
	props.Add(p)
	for _, pp := range parents {
		props.Add(pp)
	}
	plugins := EffectivePlugins(p, parents)
	at := func(v, def string) string {
		v = strings.TrimSpace(v)
		if v == "" {
			v = def
		}
		for _, pre := range []string{"${project.basedir}", "${basedir}", "${pom.basedir}"} {
			v = strings.TrimPrefix(v, pre)
		}
		v = strings.TrimPrefix(props.Expand(v), "/")
		return clean(join(dir, v))
	}
	mod := Module{Dir: dir, BuildFile: pomPath}
	if strings.TrimSpace(p.Packaging) == "pom" {
		return mod // an aggregator or parent: Maven compiles no sources of its own
	}
	mod.Main = []string{at(p.Build.SourceDirectory, "src/main/java")}
	mod.Test = []string{at(p.Build.TestSourceDirectory, "src/test/java")}
	res := p.Build.Resources
	if len(res) == 0 {
		res = []string{"src/main/resources"}
	}
	tres := p.Build.TestResources
	if len(tres) == 0 {
		tres = []string{"src/test/resources"}
	}
	for _, r := range append(append([]string{}, res...), tres...) {
		mod.Resources = append(mod.Resources, at(r, ""))
	}
	// templating-maven-plugin filters Java templates (src/main/java-templates by default)
	// into generated sources. A template is Java whose ${...} placeholders sit in string
	// literals, so it compiles as it is; without it, classes using the generated constants
	// (gson's GsonBuildConfig) do not compile.
	for _, pl := range plugins {
		if pl.ArtifactID != "templating-maven-plugin" {
			continue
		}
		for _, ex := range pl.Executions {
			for _, g := range ex.Goals {
				switch g {
				case "filter-sources":
					mod.Main = append(mod.Main, at(ex.Configuration.SourceDirectory, "src/main/java-templates"))
				case "filter-test-sources":
					mod.Test = append(mod.Test, at(ex.Configuration.SourceDirectory, "src/test/java-templates"))
				}
			}
		}
	}
	for _, pl := range plugins {
		if pl.ArtifactID == "maven-compiler-plugin" {
			mod.Excludes = append(mod.Excludes, pl.Configuration.Excludes...)
			mod.TestExcludes = append(mod.TestExcludes, pl.Configuration.TestExcludes...)
		}
	}
	for _, pl := range plugins {
		if sourceGenerators[pl.ArtifactID] {
			mod.Generators = append(mod.Generators, pl.ArtifactID)
		}
	}
	if len(mod.Generators) > 0 {
		// What they write is compiled with the module's own sources: read it where the
		// build leaves it (never generated here).
		mod.Main = append(mod.Main, at(GeneratedMain, ""))
		mod.Test = append(mod.Test, at(GeneratedTest, ""))
	}
	// javac's annotation processors (vavr's Patterns) write where the build's compile
	// leaves them: read them too, never compile them (the processors run again).
	mod.Processed = []string{at(ProcessedMain, ""), at(ProcessedTest, "")}
	mod.Main = append(mod.Main, mod.Processed[0])
	mod.Test = append(mod.Test, mod.Processed[1])
	// build-helper-maven-plugin adds source folders (add-source, add-test-source).
	for _, pl := range plugins {
		if pl.ArtifactID != "build-helper-maven-plugin" {
			continue
		}
		for _, ex := range pl.Executions {
			test := false
			for _, g := range ex.Goals {
				test = test || strings.Contains(g, "test")
			}
			for _, s := range ex.Configuration.Sources {
				if strings.Contains(s, "${project.build.directory}") || strings.Contains(s, "target/") {
					continue // generated into the build output
				}
				if test {
					mod.Test = append(mod.Test, at(s, ""))
				} else {
					mod.Main = append(mod.Main, at(s, ""))
				}
			}
		}
	}
	return mod
}

// sourceGenerators are Maven plugins that write Java sources into the build output, which
// the module's classes need to compile (jackson-core's replacer writes PackageVersion.java
// from a template).
var sourceGenerators = map[string]bool{
	"javacc-maven-plugin": true, "ph-javacc-maven-plugin": true, "javacc": true, "antlr4-maven-plugin": true,
	"antlr3-maven-plugin": true, "maven-antlr-plugin": true, "antlr-maven-plugin": true, "protobuf-maven-plugin": true,
	"protoc-jar-maven-plugin": true, "jaxb2-maven-plugin": true, "maven-jaxb2-plugin": true, "jaxb-maven-plugin": true,
	"avro-maven-plugin": true, "modello-maven-plugin": true, "jooq-codegen-maven": true, "xmlbeans-maven-plugin": true,
	"jflex-maven-plugin": true, "replacer": true, "maven-replacer-plugin": true, "maven-plugin-plugin": false,
}

// join joins slash paths where dir may be "".
func join(dir, rel string) string {
	if dir == "" {
		return rel
	}
	if rel == "" {
		return dir
	}
	return dir + "/" + rel
}

// clean normalises a relative slash path ("" for the root).
func clean(p string) string {
	p = path.Clean(p)
	if p == "." {
		return ""
	}
	return p
}
