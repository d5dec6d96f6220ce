package selection

import (
	"slices"
	"testing"

	"github.com/assertlens/assertlens/slicing"
)

// farFiles: a test class whose tests read its own static field, and a helper no test
// calls; it extends a class, so deleting any of its methods may change a lookup.
var farFiles = map[string]string{
	"src/test/java/t/Base.java": "package t;\npublic class Base {\n}\n",
	"src/test/java/t/FarTest.java": `package t;
import org.junit.Test;
import static org.junit.Assert.*;
public class FarTest extends Base {
  static final java.time.Instant FAR = java.time.Instant.MAX;
  @Test public void reads() {
    assertNotNull(FAR);
  }
  @Test public void gone() {
    assertNotNull(FAR);
  }
  static int helper() { return 1; }
}
`,
}

// TestDeletedTestMethodSelectsNoOtherTests: a deleted member reaches the users of its
// type (a lookup may now bind elsewhere, reflection lists the type's members), which for a
// test class is every test reading its static fields. A deleted test method is looked up by
// nothing but the platform, which no longer runs it: reads stays unselected. Near-miss: a
// deleted helper of the same class still reaches the class's users.
func TestDeletedTestMethodSelectsNoOtherTests(t *testing.T) {
	const file = "src/test/java/t/FarTest.java"
	for _, tc := range []struct {
		name, old string
		want      []string
	}{
		{"a deleted test method", "  @Test public void gone() {\n    assertNotNull(FAR);\n  }\n", []string{}},
		{"near-miss: a deleted helper", "  static int helper() { return 1; }\n", []string{"t.FarTest#gone:10", "t.FarTest#reads:7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := selectEdit(t, farFiles, file, tc.old, "", slicing.LevelAssertion, nil)
			got := []string{}
			for _, u := range res.Units {
				got = append(got, u.ID)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
		})
	}
}
