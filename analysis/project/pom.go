package project

import (
	"encoding/xml"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Properties are a POM's or a profile's <properties>.
type Properties struct {
	Entries []struct {
		XMLName xml.Name
		Value   string `xml:",chardata"`
	} `xml:",any"`
}

// POM is the part of a Maven pom.xml that assertlens reads: coordinates, parent, properties,
// dependencies, modules and the build's source folders.
type POM struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Packaging  string `xml:"packaging"`
	Parent     struct {
		GroupID    string `xml:"groupId"`
		ArtifactID string `xml:"artifactId"`
		Version    string `xml:"version"`
		// RelativePath is nil when the element is absent (Maven then looks at
		// ../pom.xml) and empty for <relativePath/> (no local lookup).
		RelativePath *string `xml:"relativePath"`
	} `xml:"parent"`
	Properties           Properties   `xml:"properties"`
	Dependencies         []Dependency `xml:"dependencies>dependency"`
	DependencyManagement []Dependency `xml:"dependencyManagement>dependencies>dependency"`
	Modules              []string     `xml:"modules>module"`
	// Profiles may add modules; only those active by default are part of the build.
	Profiles []struct {
		ID              string     `xml:"id"`
		ActiveByDefault string     `xml:"activation>activeByDefault"`
		JDK             string     `xml:"activation>jdk"` // a version prefix or range ("[9,)")
		Modules         []string   `xml:"modules>module"`
		Properties      Properties `xml:"properties"`
		Plugins         []Plugin   `xml:"build>plugins>plugin"`
	} `xml:"profiles>profile"`
	Build struct {
		SourceDirectory     string   `xml:"sourceDirectory"`
		TestSourceDirectory string   `xml:"testSourceDirectory"`
		Resources           []string `xml:"resources>resource>directory"`
		TestResources       []string `xml:"testResources>testResource>directory"`
		Plugins             []Plugin `xml:"plugins>plugin"`
		// PluginManagement configures plugins for the modules that declare them (this
		// POM and those inheriting from it): executions and configuration a bare
		// <plugin> declaration takes over (vavr's parent adds src-gen this way).
		PluginManagement []Plugin `xml:"pluginManagement>plugins>plugin"`
	} `xml:"build"`
	Relocation struct {
		GroupID    string `xml:"groupId"`
		ArtifactID string `xml:"artifactId"`
		Version    string `xml:"version"`
	} `xml:"distributionManagement>relocation"`
}

// Plugin is a <plugin> of a POM's build.
type Plugin struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	// Inherited is "false" for a plugin the POM's children do not inherit.
	Inherited     string `xml:"inherited"`
	Configuration struct {
		Release string `xml:"release"`
		Source  string `xml:"source"`
		Target  string `xml:"target"`
		// TestRelease is the release tests compile for, when it differs (testRelease).
		TestRelease string `xml:"testRelease"`
		// Excludes and TestExcludes are maven-compiler-plugin's Ant patterns of sources
		// it does not compile (surefire's <excludes> share the element, for tests it
		// does not run).
		Excludes     []string `xml:"excludes>exclude"`
		TestExcludes []string `xml:"testExcludes>testExclude"`
		// ArgLine is maven-surefire-plugin's JVM options for the test JVM.
		ArgLine string `xml:"argLine"`
		// EnableAssertions is surefire's switch for -ea (on unless "false").
		EnableAssertions string `xml:"enableAssertions"`
		// SystemPropertyVariables are surefire's system properties for the test JVM.
		SystemPropertyVariables Properties `xml:"systemPropertyVariables"`
	} `xml:"configuration"`
	Executions []Execution `xml:"executions>execution"`
}

// Execution is one <execution> of a plugin.
type Execution struct {
	ID            string   `xml:"id"`
	Goals         []string `xml:"goals>goal"`
	Configuration struct {
		Sources         []string `xml:"sources>source"`
		SourceDirectory string   `xml:"sourceDirectory"`
	} `xml:"configuration"`
}

// EffectivePlugins lists the plugins a module's build runs as Maven resolves them: those
// its local parents declare in <build><plugins> (unless not inherited) and its own, a
// child's declaration of the same plugin adding to the parent's; each then takes from
// <pluginManagement> (its own first, then its parents', nearest first) the executions it
// does not declare itself (by id) and, when it has none, the configuration. parents are
// nearest first.
func EffectivePlugins(p *POM, parents []*POM) []Plugin {
	var out []Plugin
	merge := func(pl Plugin) {
		i := slices.IndexFunc(out, func(o Plugin) bool { return o.ArtifactID == pl.ArtifactID })
		if i < 0 {
			out = append(out, pl)
			return
		}
		out[i] = overlay(pl, out[i])
	}
	for i := len(parents) - 1; i >= 0; i-- {
		for _, pl := range parents[i].Build.Plugins {
			if strings.TrimSpace(pl.Inherited) != "false" {
				merge(pl)
			}
		}
	}
	for _, pl := range p.Build.Plugins {
		merge(pl)
	}
	for _, owner := range append([]*POM{p}, parents...) {
		for _, mg := range owner.Build.PluginManagement {
			for i := range out {
				if out[i].ArtifactID == mg.ArtifactID {
					out[i] = overlay(out[i], mg)
				}
			}
		}
	}
	return out
}

// overlay returns pl with what it does not say taken from base: base's executions whose
// ids pl does not use, and base's configuration when pl has none.
func overlay(pl, base Plugin) Plugin {
	out := pl
	out.Executions = slices.Clone(pl.Executions)
	for _, ex := range base.Executions {
		if !slices.ContainsFunc(pl.Executions, func(o Execution) bool { return executionID(o) == executionID(ex) }) {
			out.Executions = append(out.Executions, ex)
		}
	}
	if reflect.ValueOf(pl.Configuration).IsZero() {
		out.Configuration = base.Configuration
	}
	return out
}

// executionID is an execution's id, "default" when it has none (as Maven names it).
func executionID(ex Execution) string {
	if id := strings.TrimSpace(ex.ID); id != "" {
		return id
	}
	return "default"
}

// Dependency is one <dependency>.
type Dependency struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Scope      string `xml:"scope"`
	Type       string `xml:"type"`
	Classifier string `xml:"classifier"`
	Optional   string `xml:"optional"`
	SystemPath string `xml:"systemPath"`
}

// ParsePOM parses the bytes of a pom.xml.
func ParsePOM(data []byte) (*POM, error) {
	var p POM
	if err := xml.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("parse pom.xml: %w", err)
	}
	return &p, nil
}

// Props holds the properties visible in a POM (its own over its parents').
type Props map[string]string

// Add adds p's own properties and project coordinates, keeping existing (child) values.
func (pp Props) Add(p *POM) {
	pp.addEntries(p.Properties)
	set := func(k, v string) {
		if _, ok := pp[k]; !ok && v != "" {
			pp[k] = v
		}
	}
	g, v := p.GroupID, p.Version
	if g == "" {
		g = p.Parent.GroupID
	}
	if v == "" {
		v = p.Parent.Version
	}
	set("project.groupId", g)
	set("project.artifactId", p.ArtifactID)
	set("project.version", v)
	set("pom.version", v)
	set("project.parent.version", p.Parent.Version)
	set("project.parent.groupId", p.Parent.GroupID)
}

var propRe = regexp.MustCompile(`\$\{([^}]+)\}`)

// Expand substitutes ${name} references (a few rounds, for properties of properties).
func (pp Props) Expand(s string) string {
	for i := 0; i < 5 && strings.Contains(s, "${"); i++ {
		s = propRe.ReplaceAllStringFunc(s, func(m string) string {
			if v, ok := pp[m[2:len(m)-1]]; ok {
				return v
			}
			return m
		})
	}
	return strings.TrimSpace(s)
}

// DeclaresJUnit reports whether the POM declares a JUnit dependency of its own (JUnit 4,
// JUnit 3, or any JUnit 5 artifact), so the project's version must be used to run it.
func (p *POM) DeclaresJUnit() bool {
	for _, d := range append(append([]Dependency{}, p.Dependencies...), p.DependencyManagement...) {
		if isJUnit(d.GroupID, d.ArtifactID) {
			return true
		}
	}
	return false
}

func isJUnit(group, artifact string) bool {
	return group == "junit" || strings.HasPrefix(group, "org.junit")
}

func (pp Props) addEntries(props Properties) {
	for _, e := range props.Entries {
		if _, ok := pp[e.XMLName.Local]; !ok {
			pp[e.XMLName.Local] = strings.TrimSpace(e.Value)
		}
	}
}

// AddProfiles adds the properties of p's profiles that a JDK of major version jdk
// activates (<activation><jdk>), before p's own are added: an active profile's
// properties win over the POM's.
func (pp Props) AddProfiles(p *POM, jdk int) {
	for _, pr := range p.Profiles {
		if pr.JDK != "" && JDKActivates(pr.JDK, jdk) {
			pp.addEntries(pr.Properties)
		}
	}
}

// JDKActivates reports whether Maven's <jdk> activation spec (a version prefix such as
// "1.8" or "11", a range such as "[9,)" or "(,1.8]", or either negated with "!") holds
// for a JDK of major version jdk.
func JDKActivates(spec string, jdk int) bool {
	spec = strings.TrimSpace(spec)
	if rest, ok := strings.CutPrefix(spec, "!"); ok {
		return !JDKActivates(rest, jdk)
	}
	if spec == "" {
		return false
	}
	major := func(v string) (int, bool) {
		v = strings.TrimSpace(v)
		if v == "" {
			return 0, false
		}
		v = strings.TrimPrefix(v, "1.")
		if i := strings.IndexAny(v, ".-_"); i >= 0 {
			v = v[:i]
		}
		n, err := strconv.Atoi(v)
		return n, err == nil
	}
	if spec[0] != '[' && spec[0] != '(' {
		n, ok := major(spec)
		return ok && n == jdk
	}
	last := spec[len(spec)-1]
	lo, hi, found := strings.Cut(spec[1:len(spec)-1], ",")
	if !found {
		n, ok := major(lo)
		return ok && n == jdk
	}
	if n, ok := major(lo); ok && (jdk < n || spec[0] == '(' && jdk == n) {
		return false
	}
	if n, ok := major(hi); ok && (jdk > n || last == ')' && jdk == n) {
		return false
	}
	return true
}
