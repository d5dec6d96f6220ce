package selection

import (
	"os"
	"testing"
)

// TestMain keeps the tests hermetic: Maven and Gradle are not run (they would download the
// fixtures' dependencies from Maven Central); classpaths come from the local-repository
// fallback over Debian's /usr/share/maven-repo.
func TestMain(m *testing.M) {
	os.Setenv("ASSERTLENS_BUILD_TOOLS", "off")
	os.Exit(m.Run())
}
