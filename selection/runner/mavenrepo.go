package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// coord is a Maven artifact coordinate.
type coord struct {
	Group, Artifact, Version, Classifier string
}

func (c coord) ga() string { return c.Group + ":" + c.Artifact }

// key tells artifacts apart as a classpath holds them: by group, artifact and classifier
// (a jar and its test jar are two entries; two versions of one jar are one).
func (c coord) key() string { return c.ga() + ":" + c.Classifier }

func (c coord) String() string {
	s := c.Group + ":" + c.Artifact
	if c.Version != "" {
		s += ":" + c.Version
	}
	if c.Classifier != "" {
		s += ":" + c.Classifier
	}
	return s
}

// localRepos returns the Maven repositories searched, in order: ~/.m2/repository then
// Debian's /usr/share/maven-repo.
func localRepos() []string {
	var repos []string
	if home, err := os.UserHomeDir(); err == nil {
		repos = append(repos, filepath.Join(home, ".m2", "repository"))
	}
	return append(repos, debianMavenRepo)
}

// debianMavenRepo is where Debian packages install Maven-layout artifacts.
var debianMavenRepo = "/usr/share/maven-repo"

// found is an artifact located in a repository.
type found struct {
	coord coord  // the version actually used
	jar   string // "" when only a POM exists (pom packaging)
	pom   string
}

// artifactDir returns the folder of group:artifact in repo.
func artifactDir(repo string, c coord) string {
	return filepath.Join(append([]string{repo}, append(strings.Split(c.Group, "."), c.Artifact)...)...)
}

// lookupExact finds c at exactly its version, following POM relocations (Debian
// relocates e.g. hamcrest-core to hamcrest).
func lookupExact(repos []string, c coord, hops int) (found, bool) {
	for _, repo := range repos {
		dir := filepath.Join(artifactDir(repo, c), c.Version)
		base := c.Artifact + "-" + c.Version
		jarName := base + ".jar"
		if c.Classifier != "" {
			jarName = base + "-" + c.Classifier + ".jar"
		}
		pom := filepath.Join(dir, base+".pom")
		jar := filepath.Join(dir, jarName)
		if st, err := os.Stat(jar); err == nil && !st.IsDir() {
			return found{coord: c, jar: jar, pom: pom}, true
		}
		if _, err := os.Stat(pom); err != nil {
			continue
		}
		if p, err := readPOM(pom); err == nil && p.Relocation.ArtifactID+p.Relocation.GroupID+p.Relocation.Version != "" && hops < 3 {
			to := c
			if p.Relocation.GroupID != "" {
				to.Group = p.Relocation.GroupID
			}
			if p.Relocation.ArtifactID != "" {
				to.Artifact = p.Relocation.ArtifactID
			}
			if p.Relocation.Version != "" {
				to.Version = p.Relocation.Version
			}
			if f, ok := lookupExact(repos, to, hops+1); ok {
				return f, true
			}
			if f, ok := lookupAny(repos, to, hops+1); ok {
				return f, true
			}
			continue
		}
		return found{coord: c, pom: pom}, true
	}
	return found{}, false
}

// lookupAny finds c at any available version: the highest real version first, then
// Debian's symbolic ones ("debian", "4.x").
func lookupAny(repos []string, c coord, hops int) (found, bool) {
	seen := map[string]bool{}
	var versions []string
	for _, repo := range repos {
		entries, err := os.ReadDir(artifactDir(repo, c))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() && !seen[e.Name()] {
				seen[e.Name()] = true
				versions = append(versions, e.Name())
			}
		}
	}
	sort.Slice(versions, func(i, j int) bool { return versionLess(versions[j], versions[i]) })
	for _, v := range versions {
		alt := c
		alt.Version = v
		if f, ok := lookupExact(repos, alt, hops); ok && f.jar != "" {
			return f, true
		}
	}
	return found{}, false
}

// versionLess orders versions numerically where they are numeric; symbolic versions
// ("debian", "4.x") sort lowest.
func versionLess(a, b string) bool {
	na, nb := numericVersion(a), numericVersion(b)
	if (na == nil) != (nb == nil) {
		return na == nil
	}
	for i := 0; i < len(na) && i < len(nb); i++ {
		if na[i] != nb[i] {
			return na[i] < nb[i]
		}
	}
	if len(na) != len(nb) {
		return len(na) < len(nb)
	}
	return a < b
}

// numericVersion splits "4.13.2" into numbers; nil when it does not start with a digit.
func numericVersion(v string) []int {
	if v == "" || v[0] < '0' || v[0] > '9' {
		return nil
	}
	var out []int
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '.' || r == '-' }) {
		n, ok := 0, false
		for _, c := range part {
			if c < '0' || c > '9' {
				break
			}
			n, ok = n*10+int(c-'0'), true
		}
		if !ok {
			break
		}
		out = append(out, n)
	}
	return out
}

// lookup finds c at its requested version, else at any version (with a note).
func lookup(repos []string, c coord) (found, string, bool) {
	if c.Version != "" {
		if f, ok := lookupExact(repos, c, 0); ok && f.jar != "" {
			note := ""
			if f.coord.ga() != c.ga() || f.coord.Version != c.Version {
				note = fmt.Sprintf("%s resolved as %s", c, f.coord)
			}
			return f, note, true
		}
	}
	if f, ok := lookupAny(repos, c, 0); ok {
		return f, fmt.Sprintf("%s not in the local repositories; using %s", c, f.coord), true
	}
	return found{}, "", false
}
