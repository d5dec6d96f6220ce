package selection

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/runner"
	"github.com/assertlens/assertlens/slicing"
)

// planFile is the cache file holding the JUnit Platform's last test plan.
const planFile = "junit-plan.json"

// EnginePlan is the JUnit Platform's own list of tests, as last seen when the project was
// compiled for a run, a check or a coverage run. Test ids use type ids
// ("pkg.Outer.Inner#method"); a class the plan holds without methods is "pkg.C#".
type EnginePlan struct {
	Time  time.Time `json:"time"`
	Tests []string  `json:"tests"`
	// Owners maps a test id to the class that runs it when that is not the test's own class
	// or one enclosing it (tests a JUnit 3 suite() builds from library classes).
	Owners map[string]string `json:"owners,omitempty"`
}

// PlanCheck compares an engine plan with static discovery.
type PlanCheck struct {
	// Undiscovered are tests the JUnit Platform runs that static discovery does not know:
	// their classes are selected whole for every edit until discovery agrees.
	Undiscovered []string `json:"undiscovered"`
	// NotRun are tests static discovery finds that the platform does not run (they cost
	// only precision).
	NotRun []string `json:"notRun"`
	// UndiscoveredClasses are the classes to select for Undiscovered (the class that runs
	// each: its own, or the suite class that builds it), sorted.
	UndiscoveredClasses []string `json:"undiscoveredClasses"`
}

// NewEnginePlan turns the runner's plan into type ids, reading the JVM's binary class
// names through names (see analysis.BinaryNames; nil reads every '$' as nesting).
func NewEnginePlan(tests []runner.PlanTest, now time.Time, names map[string]string) *EnginePlan {
	p := &EnginePlan{Time: now.UTC(), Tests: []string{}}
	seen := map[string]bool{}
	for _, t := range tests {
		if t.Engine == "junit-platform-suite" {
			continue // the suite engine repeats tests the class engines find themselves
		}
		class := analysis.TypeIDOfBinary(names, t.Class)
		id := class + "#" + t.Method
		if !seen[id] {
			seen[id] = true
			p.Tests = append(p.Tests, id)
		}
		if top := analysis.TypeIDOfBinary(names, t.Top); top != "" && class != top && !strings.HasPrefix(class, top+".") {
			if p.Owners == nil {
				p.Owners = map[string]string{}
			}
			if _, ok := p.Owners[id]; !ok {
				p.Owners[id] = top
			}
		}
	}
	sort.Strings(p.Tests)
	return p
}

// StaticRuns returns the test ids static discovery says the engines run: one per concrete
// class × method ("pkg.Outer.Inner#method"), and every class with tests or a runner
// ("pkg.C#"), which a plan entry without methods matches.
func StaticRuns(classes []*slicing.TestClass) (runs, known map[string]bool) {
	runs, known = map[string]bool{}, map[string]bool{}
	for _, tc := range classes {
		known[tc.ID+"#"] = true
		if tc.Abstract {
			continue
		}
		for _, m := range tc.Methods {
			if m.Kind == slicing.KindSuite {
				continue // stands for the tests suite() builds at run time
			}
			if tc.Ignored && m.Engine != slicing.EngineJupiter {
				continue // JUnit 4 reports an @Ignore class without its methods
			}
			runs[m.ID] = true
		}
	}
	return runs, known
}

// Check compares the plan with static discovery.
func (p *EnginePlan) Check(classes []*slicing.TestClass) PlanCheck {
	runs, known := StaticRuns(classes)
	c := PlanCheck{Undiscovered: []string{}, NotRun: []string{}, UndiscoveredClasses: []string{}}
	inPlan := map[string]bool{}
	classes2 := map[string]bool{}
	for _, id := range p.Tests {
		inPlan[id] = true
		if strings.HasSuffix(id, "#") {
			// A class the plan holds without methods of its own: an ignored class, a
			// suite, or a container of @Nested classes.
			if !known[id] && !knownPrefix(known, strings.TrimSuffix(id, "#")+".") {
				c.Undiscovered = append(c.Undiscovered, id)
				classes2[strings.TrimSuffix(id, "#")] = true
			}
			continue
		}
		if !runs[id] {
			c.Undiscovered = append(c.Undiscovered, id)
			if owner := p.Owners[id]; owner != "" {
				classes2[owner] = true
			} else {
				classes2[id[:strings.IndexByte(id, '#')]] = true
			}
		}
	}
	for id := range runs {
		if !inPlan[id] {
			c.NotRun = append(c.NotRun, id)
		}
	}
	sort.Strings(c.NotRun)
	for cl := range classes2 {
		c.UndiscoveredClasses = append(c.UndiscoveredClasses, cl)
	}
	sort.Strings(c.UndiscoveredClasses)
	return c
}

// knownPrefix reports whether some known class id starts with prefix (a nested class).
func knownPrefix(known map[string]bool, prefix string) bool {
	for k := range known {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// Confirmed reports whether the plan holds a test id.
func (p *EnginePlan) Confirmed(testID string) bool {
	i := sort.SearchStrings(p.Tests, testID)
	return i < len(p.Tests) && p.Tests[i] == testID
}

// SavePlan writes the plan into the cache directory (atomically).
func SavePlan(cacheDir string, p *EnginePlan) error {
	data, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("save test plan: %w", err)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return fmt.Errorf("save test plan: %w", err)
	}
	tmp, err := os.CreateTemp(cacheDir, planFile+".*")
	if err != nil {
		return fmt.Errorf("save test plan: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save test plan: %w", errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), filepath.Join(cacheDir, planFile)); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save test plan: %w", err)
	}
	return nil
}

// LoadPlan reads the last plan from the cache directory; nil without error when none was
// recorded yet.
func LoadPlan(cacheDir string) (*EnginePlan, error) {
	data, err := os.ReadFile(filepath.Join(cacheDir, planFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load test plan: %w", err)
	}
	var p EnginePlan
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("load test plan %s: %w", planFile, err)
	}
	sort.Strings(p.Tests)
	return &p, nil
}

// RecordPlan saves the plan of a runner result (when the run compiled and the platform
// answered) and compares it with static discovery. It returns nil when there is no plan.
func RecordPlan(cacheDir string, res *runner.Result, snap *analysis.Snapshot, classes []*slicing.TestClass) (*PlanCheck, error) {
	if res == nil || len(res.CompileErrors) > 0 || (res.Plan == nil && res.PlanError != "") {
		if res != nil && res.PlanError != "" {
			return nil, errors.New("JUnit Platform test plan: " + res.PlanError)
		}
		return nil, nil
	}
	p := NewEnginePlan(res.Plan, time.Now(), analysis.BinaryNames(snap))
	c := p.Check(classes)
	return &c, SavePlan(cacheDir, p)
}

// AddUndiscovered selects, whole, every class with a test the JUnit Platform found at the
// last compile that static discovery still misses, and lists those classes in
// res.Undiscovered. Class units already selected are kept as they are. A test the edit
// deleted from base's source of its class runs no more (see deletedSinceBase); base may
// be nil.
func AddUndiscovered(res *Result, plan *EnginePlan, base, snap *analysis.Snapshot, classes []*slicing.TestClass) {
	if plan == nil {
		return
	}
	if base != nil && base != snap {
		live := *plan
		live.Tests = slices.DeleteFunc(slices.Clone(plan.Tests), func(id string) bool { return deletedSinceBase(base, snap, id) })
		plan = &live
	}
	addUndiscovered(res, plan.Check(classes), snap, classes)
}

// addUndiscovered is AddUndiscovered with the plan checked already (c).
func addUndiscovered(res *Result, c PlanCheck, snap *analysis.Snapshot, classes []*slicing.TestClass) {
	if len(c.UndiscoveredClasses) == 0 {
		return
	}
	byID := map[string]*slicing.TestClass{}
	for _, tc := range classes {
		byID[tc.ID] = tc
	}
	have := map[string]bool{}
	for _, u := range res.Units {
		if u.Level == slicing.LevelClass {
			have[u.Class] = true
		}
	}
	res.Undiscovered = append([]string{}, c.UndiscoveredClasses...)
	for _, cl := range c.UndiscoveredClasses {
		if have[cl] {
			continue
		}
		var u slicing.Unit
		if tc := byID[cl]; tc != nil {
			u = tc.ClassUnit()
		} else if t := snap.Type(cl); t != nil && snap.FileOf(cl) != nil {
			u = slicing.Unit{ID: cl, Test: cl, Class: cl, File: snap.FileOf(cl).Path, Level: slicing.LevelClass,
				Line: t.Line, EndLine: t.EndLine, Statements: [][2]int{}}
		} else {
			res.Uncertain = append(res.Uncertain, fmt.Sprintf("undiscovered test class %s has no source in the workspace; not selected", cl))
			continue
		}
		u.Reason = slicing.StrPtr("undiscovered")
		u.Because = []string{"JUnit Platform runs tests of " + cl + " that static discovery misses"}
		u.Via = []string{cl + " (undiscovered)"}
		res.Units = append(res.Units, u)
	}
	res.Uncertain = append(res.Uncertain, fmt.Sprintf("%d test classes hold tests the JUnit Platform runs but static discovery misses; they are selected whole: %s",
		len(c.UndiscoveredClasses), strings.Join(c.UndiscoveredClasses, ", ")))
}

// deletedSinceBase reports whether plan test id ("pkg.C#m") is a method base declares in
// C that the current sources no longer declare there, in a class whose ancestors are all
// project types (or Object, TestCase): nothing else can run a test of that name in C. A
// class inheriting from a library may inherit a test of the same name, which static
// discovery cannot see.
func deletedSinceBase(base, cur *analysis.Snapshot, id string) bool {
	class, method, ok := strings.Cut(id, "#")
	if !ok || method == "" {
		return false
	}
	was, now := base.Type(class), cur.Type(class)
	if was == nil || now == nil || !declaresMethod(was, method) || declaresMethod(now, method) {
		return false
	}
	return projectAncestors(cur, now, "TestCase", func(*analysis.Type) bool { return true })
}

// projectAncestors walks the supertypes of t in cur and reports whether each is Object,
// library (a library type whose methods are known), or a project type for which keep
// holds. A library ancestor may declare anything.
func projectAncestors(cur *analysis.Snapshot, t *analysis.Type, library string, keep func(*analysis.Type) bool) bool {
	seen := map[string]bool{}
	var walk func(t *analysis.Type) bool
	walk = func(t *analysis.Type) bool {
		for _, name := range append(slices.Clone(t.Extends), t.Implements...) {
			if name == "Object" || name == library || seen[name] {
				continue
			}
			seen[name] = true
			sup := onlyTypeNamed(cur, name)
			if sup == nil || !keep(sup) || !walk(sup) {
				return false
			}
		}
		return true
	}
	return walk(t)
}

// declaresMethod reports whether t declares a method named name.
func declaresMethod(t *analysis.Type, name string) bool {
	return slices.ContainsFunc(t.Members, func(m *analysis.Member) bool { return m.Kind == analysis.KindMethod && m.Name == name })
}

// plans keeps the last plan read per cache directory, re-read when its file changes.
var plans = struct {
	sync.Mutex
	m map[string]cachedPlan
}{m: map[string]cachedPlan{}}

type cachedPlan struct {
	mod  time.Time
	size int64
	plan *EnginePlan
}

// loadPlanCached is LoadPlan that reads the file again only when it changed.
func loadPlanCached(cacheDir string) (*EnginePlan, error) {
	st, err := os.Stat(filepath.Join(cacheDir, planFile))
	if err != nil {
		return nil, nil
	}
	plans.Lock()
	defer plans.Unlock()
	if c, ok := plans.m[cacheDir]; ok && c.mod.Equal(st.ModTime()) && c.size == st.Size() {
		return c.plan, nil
	}
	p, err := LoadPlan(cacheDir)
	if err != nil {
		return nil, err
	}
	plans.m[cacheDir] = cachedPlan{mod: st.ModTime(), size: st.Size(), plan: p}
	return p, nil
}

// SelectUndiscovered applies AddUndiscovered with the plan remembered in cacheDir (if any).
// A plan that cannot be read is reported in res.Uncertain.
func SelectUndiscovered(cacheDir string, res *Result, snap *analysis.Snapshot, classes []*slicing.TestClass) {
	p, err := loadPlanCached(cacheDir)
	if err != nil {
		res.Uncertain = append(res.Uncertain, err.Error())
		return
	}
	AddUndiscovered(res, p, nil, snap, classes)
}
