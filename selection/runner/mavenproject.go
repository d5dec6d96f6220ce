package runner

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/assertlens/assertlens/analysis/project"
)

// mavenModule is a POM of the project with the properties visible in it.
type mavenModule struct {
	pom   *pomFile
	props pomProps
}

// projectModules reads the root POM and its modules (recursively), with properties
// inherited from parents that live in the project.
func projectModules(root string) []mavenModule {
	var mods []mavenModule
	seen := map[string]bool{}
	var visit func(dir string)
	visit = func(dir string) {
		path := filepath.Join(dir, "pom.xml")
		if seen[path] {
			return
		}
		seen[path] = true
		p, err := readPOM(path)
		if err != nil {
			return
		}
		props := pomProps{}
		props.Add(p)
		// Local parents, found as the project model finds them.
		readSlash := func(p string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(p)) }
		for _, pp := range project.LocalParents(filepath.ToSlash(path), p, readSlash) {
			parent, err := readPOM(filepath.FromSlash(pp))
			if err != nil {
				break
			}
			props.Add(parent)
			p.DependencyManagement = append(p.DependencyManagement, parent.DependencyManagement...)
		}
		mods = append(mods, mavenModule{pom: p, props: props})
		for _, m := range p.Modules {
			visit(filepath.Join(dir, filepath.FromSlash(strings.TrimSpace(m))))
		}
	}
	visit(root)
	return mods
}

// resolvePOMDependencies resolves the dependencies of every module POM (all scopes but
// import) and their compile/runtime dependencies from the local repositories.
func resolvePOMDependencies(root string, repos []string) (cp, unresolved, notes []string) {
	mods := projectModules(root)
	reactor := map[string]bool{}
	managed := map[string]string{}
	for _, m := range mods {
		g := m.props["project.groupId"]
		reactor[g+":"+m.pom.ArtifactID] = true
		for _, d := range m.pom.DependencyManagement {
			k := m.props.Expand(d.GroupID) + ":" + m.props.Expand(d.ArtifactID)
			if _, ok := managed[k]; !ok && d.Scope != "import" {
				managed[k] = m.props.Expand(d.Version)
			}
		}
	}
	r := &depResolver{repos: repos, done: map[string]bool{}}
	for _, m := range mods {
		for _, d := range m.pom.Dependencies {
			c := depCoord(m.props, d)
			if reactor[c.ga()] || d.Type == "pom" || d.Scope == "import" {
				continue
			}
			if c.Version == "" {
				c.Version = managed[c.ga()]
			}
			if d.Scope == "system" {
				p := m.props.Expand(d.SystemPath)
				if _, err := os.Stat(p); err == nil {
					r.cp = append(r.cp, p)
				} else {
					r.unresolved = append(r.unresolved, c.String()+" (systemPath "+p+" missing)")
				}
				r.done[c.key()] = true
				continue
			}
			r.queue = append(r.queue, pending{c: c})
		}
	}
	r.run()
	return r.cp, r.unresolved, r.notes
}

// depCoord is the artifact a POM dependency names: a dependency of type test-jar is the
// artifact's jar classified "tests" (commons-statistics uses commons-numbers-core's test
// classes so).
func depCoord(props pomProps, d pomDep) coord {
	c := coord{props.Expand(d.GroupID), props.Expand(d.ArtifactID), props.Expand(d.Version), props.Expand(d.Classifier)}
	if props.Expand(d.Type) == "test-jar" && c.Classifier == "" {
		c.Classifier = "tests"
	}
	return c
}

// pending is a dependency waiting to be resolved; from names who needs it (transitive).
type pending struct {
	c    coord
	from string
}

// depResolver resolves dependencies breadth first (nearest wins, like Maven).
type depResolver struct {
	repos      []string
	queue      []pending
	done       map[string]bool
	cp         []string
	unresolved []string
	notes      []string
}

func (r *depResolver) run() {
	for len(r.queue) > 0 {
		p := r.queue[0]
		r.queue = r.queue[1:]
		if r.done[p.c.key()] || strings.Contains(p.c.String(), "${") && p.c.Version == "" {
			continue
		}
		r.done[p.c.key()] = true
		c := p.c
		if strings.Contains(c.Version, "${") {
			c.Version = "" // unexpandable: take any version
		}
		f, note, ok := lookup(r.repos, c)
		if !ok {
			what := p.c.String()
			if p.from != "" {
				what += " (needed by " + p.from + ")"
			}
			r.unresolved = append(r.unresolved, what)
			continue
		}
		if note != "" {
			r.notes = append(r.notes, note)
		}
		r.done[f.coord.key()] = true
		r.cp = append(r.cp, f.jar)
		r.enqueueTransitive(f)
	}
}

// enqueueTransitive queues the compile and runtime dependencies declared in the POM of f.
func (r *depResolver) enqueueTransitive(f found) {
	p, err := readPOM(f.pom)
	if err != nil {
		return
	}
	props := pomProps{}
	props.Add(p)
	managed := map[string]string{}
	addManaged := func(pp *pomFile, props pomProps) {
		for _, d := range pp.DependencyManagement {
			k := props.Expand(d.GroupID) + ":" + props.Expand(d.ArtifactID)
			if _, ok := managed[k]; !ok {
				managed[k] = props.Expand(d.Version)
			}
		}
	}
	var parents []*pomFile
	cur := p
	for i := 0; i < 5 && cur.Parent.ArtifactID != ""; i++ {
		pc := coord{Group: cur.Parent.GroupID, Artifact: cur.Parent.ArtifactID, Version: cur.Parent.Version}
		pf, ok := lookupExact(r.repos, pc, 0)
		if !ok {
			if pf, ok = lookupAnyPOM(r.repos, pc); !ok {
				break
			}
		}
		parent, err := readPOM(pf.pom)
		if err != nil {
			break
		}
		props.Add(parent)
		parents = append(parents, parent)
		cur = parent
	}
	addManaged(p, props)
	for _, pp := range parents {
		addManaged(pp, props)
	}
	for _, d := range p.Dependencies {
		if d.Optional == "true" || d.Type == "pom" {
			continue
		}
		switch d.Scope {
		case "", "compile", "runtime":
		default:
			continue
		}
		c := depCoord(props, d)
		if c.Version == "" {
			c.Version = managed[c.ga()]
		}
		r.queue = append(r.queue, pending{c: c, from: f.coord.String()})
	}
}

// lookupAnyPOM finds a POM (e.g. a parent) of c at any version.
func lookupAnyPOM(repos []string, c coord) (found, bool) {
	for _, repo := range repos {
		entries, err := os.ReadDir(artifactDir(repo, c))
		if err != nil {
			continue
		}
		for _, e := range entries {
			alt := c
			alt.Version = e.Name()
			if f, ok := lookupExact(repos, alt, 0); ok {
				return f, true
			}
		}
	}
	return found{}, false
}
