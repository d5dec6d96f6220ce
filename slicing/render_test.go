package slicing

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

var javaJars = []string{
	"/usr/share/java/junit4.jar", "/usr/share/java/junit-jupiter-api.jar",
	"/usr/share/java/junit-jupiter-params.jar", "/usr/share/java/hamcrest-core.jar",
	"/usr/share/java/apiguardian-api.jar", "/usr/share/java/opentest4j.jar",
	"/usr/share/java/junit-platform-suite-api.jar", "/usr/share/java/junit-platform-commons.jar",
}

const launcherJar = "/usr/share/java/junit-platform-console-standalone.jar"

// rendered is one generated slice class.
type rendered struct {
	classes []*TestClass
	rel     string
	code    []byte
	methods map[string]string
	lineMap map[int]int
}

// renderAll renders every runnable test class of a fixture with all of its units, one
// generated copy per file.
func renderAll(t *testing.T, s *analysis.Snapshot, classes []*TestClass) []rendered {
	t.Helper()
	byFile := map[string][]*TestClass{}
	var files []string
	for _, tc := range classes {
		if tc.Abstract || len(tc.Methods) == 0 {
			continue
		}
		key := tc.File + "|" + topName(tc) // one generated copy per top-level class
		if byFile[key] == nil {
			files = append(files, key)
		}
		byFile[key] = append(byFile[key], tc)
	}
	var out []rendered
	for _, file := range files {
		group := byFile[file]
		src, err := s.Source.Read(group[0].File)
		if err != nil {
			t.Fatal(err)
		}
		var units []Unit
		for _, tc := range group {
			units = append(units, tc.Units()...)
			for _, tm := range tc.Methods {
				if tm.After != nil && tm.Declaring == tc.ID {
					units = append(units, *tm.After)
				}
			}
		}
		rel, code, methods, lineMap, err := RenderFile(group, src, units)
		if err != nil {
			t.Fatalf("render %s: %v", file, err)
		}
		out = append(out, rendered{group, rel, code, methods, lineMap})
	}
	return out
}

// renderedFixtures are the slicing fixtures whose rendered slices are parsed, compiled and
// run against their originals.
var renderedFixtures = []string{"paper", "rules", "effects", "proofs", "dispatch", "jdkimpl", "hooks", "proxies",
	"handlers", "loudhandlers", "loudrows", "held", "sets", "cleanup", "nested", "boxing", "wrappers", "rebind"}

// TestRenderParses checks that every rendered class parses without error nodes and that its
// line map points generated statement lines at the original lines with the same text.
func TestRenderParses(t *testing.T) {
	for _, name := range renderedFixtures {
		t.Run(name, func(t *testing.T) {
			s, classes := discover(t, name, Options{})
			for _, r := range renderAll(t, s, classes) {
				tree := analysis.ParseTree(r.code, nil)
				bad := tree.RootNode().HasError()
				tree.Close()
				if bad {
					t.Errorf("%s does not parse:\n%s", r.rel, r.code)
				}
				orig, _ := s.Source.Read(r.classes[0].File)
				ol := strings.Split(string(orig), "\n")
				for gl, line := range strings.Split(string(r.code), "\n") {
					o, ok := r.lineMap[gl+1]
					if !ok || o < 1 || o > len(ol) {
						if strings.TrimSpace(line) != "" {
							t.Errorf("%s:%d has no original line", r.rel, gl+1)
						}
						continue
					}
					// A resource rendered as a local declaration gains its semicolon.
					text := strings.TrimSuffix(strings.TrimSpace(line), ";")
					if at := strings.Index(text, "Source(\""); at >= 0 && !strings.Contains(ol[o-1], "Source(") {
						text = text[:at+len("Source")] // an argument source gains its factory's name
					}
					if text != "" && !strings.Contains(ol[o-1], text) &&
						!strings.Contains(line, SliceSuffix) && !strings.Contains(line, "__L") && text != "}" && text != "{" {
						t.Errorf("%s:%d %q maps to original line %d %q", r.rel, gl+1, line, o, ol[o-1])
					}
				}
			}
		})
	}
}

// TestRenderCompilesAndAgrees compiles each fixture's production code, original tests and
// rendered slices with javac, runs them all once with the JUnit console launcher, and checks
// the property: a test method passes exactly when all of its rendered units pass.
func TestRenderCompilesAndAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs javac and the JUnit launcher")
	}
	// make setup installs both; a missing one is a failure, not a pass.
	if _, err := exec.LookPath("javac"); err != nil {
		t.Fatalf("javac not installed (run make setup): %v", err)
	}
	if _, err := os.Stat(launcherJar); err != nil {
		t.Fatalf("JUnit console launcher not installed (run make setup): %v", err)
	}
	for _, name := range renderedFixtures {
		t.Run(name, func(t *testing.T) {
			s, classes := discover(t, name, Options{})
			dir := t.TempDir()
			srcDir, outDir := filepath.Join(dir, "src"), filepath.Join(dir, "classes")
			var files []string
			write := func(rel string, b []byte) {
				p := filepath.Join(srcDir, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
				files = append(files, p)
			}
			for _, rel := range s.SortedPaths() {
				b, err := s.Source.Read(rel)
				if err != nil {
					t.Fatal(err)
				}
				write(rel, b)
			}
			rs := renderAll(t, s, classes)
			for _, r := range rs {
				write(r.rel, r.code)
			}
			cp := strings.Join(javaJars, string(os.PathListSeparator))
			args := append([]string{"-nowarn", "-encoding", "UTF-8", "-proc:none", "-cp", cp, "-d", outDir}, files...)
			if out, err := exec.Command("javac", args...).CombinedOutput(); err != nil {
				t.Fatalf("javac failed: %v\n%s", err, out)
			}
			results := runJUnit(t, outDir, filepath.Join(dir, "reports"), cp)
			checked := 0
			for _, r := range rs {
				for _, tc := range r.classes {
					genClass := strings.Replace(tc.ID, topName(tc), topName(tc)+SliceSuffix, 1)
					for _, tm := range tc.Methods {
						if tm.Declaring != tc.ID {
							continue // inherited: run runs the original method (selection.planRun)
						}
						orig, ok := results[tc.ID+"#"+methodName(tm.ID)]
						if !ok {
							t.Errorf("%s did not run", tm.ID)
							continue
						}
						var units []string
						slicesPass := true
						for gen, uid := range r.methods {
							if !unitOf(tm, uid) || !strings.HasPrefix(gen, methodName(tm.ID)) {
								continue
							}
							pass, ok := results[genClass+"#"+gen]
							if !ok {
								t.Errorf("generated %s#%s did not run", genClass, gen)
								continue
							}
							units = append(units, gen)
							slicesPass = slicesPass && pass
						}
						if len(units) == 0 {
							t.Errorf("%s: no rendered unit ran", tm.ID)
							continue
						}
						checked++
						if orig != slicesPass {
							t.Errorf("%s: original passes=%v but its %d slices pass=%v (%v)", tm.ID, orig, len(units), slicesPass, units)
						}
					}
				}
			}
			t.Logf("%s: %d test methods agree with their rendered units", name, checked)
		})
	}
}

func topName(tc *TestClass) string {
	id := strings.TrimPrefix(tc.ID, packageOf(tc.ID))
	id = strings.TrimPrefix(id, ".")
	if i := strings.IndexByte(id, '.'); i >= 0 {
		return id[:i]
	}
	return id
}

// packageOf guesses the package of a class id: the lower-case leading segments.
func packageOf(id string) string {
	parts := strings.Split(id, ".")
	i := 0
	for i < len(parts)-1 && parts[i] != "" && parts[i][0] >= 'a' && parts[i][0] <= 'z' {
		i++
	}
	return strings.Join(parts[:i], ".")
}

func unitOf(tm *TestMethod, unitID string) bool {
	if tm.After != nil && tm.After.ID == unitID {
		return true
	}
	for _, u := range tm.Units {
		if u.ID == unitID {
			return true
		}
	}
	return false
}

type junitReport struct {
	Cases []struct {
		Name    string    `xml:"name,attr"`
		Class   string    `xml:"classname,attr"`
		Failure *struct{} `xml:"failure"`
		Error   *struct{} `xml:"error"`
		Skipped *struct{} `xml:"skipped"`
	} `xml:"testcase"`
}

// runJUnit runs every class under classes and returns pass/fail per "class#method" (a
// method with several invocations passes when all pass).
func runJUnit(t *testing.T, classes, reports, cp string) map[string]bool {
	t.Helper()
	cmd := exec.Command("java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-jar", launcherJar,
		"-cp", classes+string(os.PathListSeparator)+cp, "--scan-classpath", classes,
		"--include-classname", ".*", "--reports-dir", reports, "--details", "none", "--disable-banner")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: some tests failed
			t.Fatalf("junit launcher: %v\n%s", err, out)
		}
	}
	res := map[string]bool{}
	ms, _ := filepath.Glob(filepath.Join(reports, "*.xml"))
	for _, p := range ms {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var rep junitReport
		if err := xml.Unmarshal(b, &rep); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, c := range rep.Cases {
			name := c.Name
			if i := strings.IndexAny(name, "[("); i >= 0 {
				name = name[:i]
			}
			key := strings.ReplaceAll(c.Class, "$", ".") + "#" + name
			pass := c.Failure == nil && c.Error == nil
			if old, ok := res[key]; ok {
				pass = pass && old
			}
			res[key] = pass
		}
	}
	if len(res) == 0 {
		t.Fatalf("no test results in %s:\n%s", reports, out)
	}
	return res
}
