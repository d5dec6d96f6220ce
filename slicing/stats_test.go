package slicing

import "testing"

// TestSliceability reports, over the runnable fixture projects, the share of test methods
// sliced at assertion level and the assertions per test, and guards against regressions.
func TestSliceability(t *testing.T) {
	var methods, sliced, assertions, units int
	reasons := map[string]int{}
	for _, name := range []string{"paper", "rules", "libs"} {
		_, classes := discover(t, name, Options{ExtraAssertions: []string{"expectSaved", "shouldBeEmpty"}})
		for _, tc := range classes {
			if tc.Abstract {
				continue
			}
			for _, m := range tc.Methods {
				methods++
				for _, u := range m.Units {
					units++
					if u.Level != LevelClass {
						assertions += u.Assertions
					}
				}
				switch {
				case m.Reason == nil && tc.Reason == nil:
					sliced++
				case tc.Reason != nil:
					reasons["class:"+*tc.Reason]++
				default:
					reasons[*m.Reason]++
				}
			}
		}
	}
	t.Logf("%d test methods, %d sliced at assertion level (%.0f%%), %d units, %.2f assertions per method; fallbacks %v",
		methods, sliced, 100*float64(sliced)/float64(methods), units, float64(assertions)/float64(methods), reasons)
	if sliced*2 < methods {
		t.Errorf("only %d of %d fixture methods sliced", sliced, methods)
	}
}

// TestUnitsCountEachAssertionOnce: the assertion units of a sliced method hold its
// assertions once each (the audit and the lenses add them up), whatever the statements
// around them: blocks, resource tries, loops, helpers named like the calls a try makes.
func TestUnitsCountEachAssertionOnce(t *testing.T) {
	for _, name := range append([]string{"libs"}, renderedFixtures...) {
		_, classes := discover(t, name, Options{ExtraAssertions: []string{"expectSaved", "shouldBeEmpty"}})
		for _, tc := range classes {
			for _, m := range tc.Methods {
				sum, whole := 0, false
				for _, u := range m.Units {
					sum += u.Assertions
					whole = whole || u.Level == LevelClass // the class's: counted there
				}
				if !whole && len(m.Units) > 0 && sum != m.Assertions { // an abstract class has none: its tests run in subclasses
					t.Errorf("%s: units hold %d assertions, the method %d", m.ID, sum, m.Assertions)
				}
			}
		}
	}
}
