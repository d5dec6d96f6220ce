package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFilterArgLine(t *testing.T) {
	for _, tc := range []struct{ argLine, kept, dropped string }{
		{"", "", ""},
		{"-Xmx1G --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED",
			"--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED", "-Xmx1G"},
		{"--add-exports=java.base/sun.nio.ch=ALL-UNNAMED --add-modules jdk.incubator.vector",
			"--add-exports=java.base/sun.nio.ch=ALL-UNNAMED --add-modules jdk.incubator.vector", ""},
		{"-Duser.timezone=UTC -Dfile.encoding=UTF-8 -Xss4m --enable-preview",
			"-Duser.timezone=UTC -Dfile.encoding=UTF-8 -Xss4m --enable-preview", ""},
		// A security manager would stop the runner's agent and listener; JaCoCo's agent,
		// VM tuning and undefined properties are not the tests' business.
		{"-Djava.security.manager -Djava.security.policy=p.policy -javaagent:/x/jacoco.jar ${argLine} -XX:+UseG1GC",
			"", "-Djava.security.manager -Djava.security.policy=p.policy -javaagent:/x/jacoco.jar ${argLine} -XX:+UseG1GC"},
		{"--add-opens ${module}/x=ALL-UNNAMED -Da=b", "-Da=b", "--add-opens ${module}/x=ALL-UNNAMED"},
		{"-Da=b --add-opens", "-Da=b", "--add-opens"},
	} {
		kept, dropped := filterArgLine(strings.Fields(tc.argLine))
		if got := strings.Join(kept, " "); got != tc.kept {
			t.Errorf("%q kept %q, want %q", tc.argLine, got, tc.kept)
		}
		if got := strings.Join(dropped, " "); got != tc.dropped {
			t.Errorf("%q dropped %q, want %q", tc.argLine, got, tc.dropped)
		}
	}
}

// TestRunGivesTheTestJVMTheBuildsOptions runs tests that pass under Maven only with what
// Surefire gives the test JVM: the argLine property set by a profile the JDK activates (as
// commons-lang opens java.base to its reflection tests; without it 1,300 of its tests
// failed), systemPropertyVariables of such a profile (as commons-text's for Mockito on new
// JDKs), and assertions enabled.
func TestRunGivesTheTestJVMTheBuildsOptions(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	pom, err := os.ReadFile(filepath.Join(root, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	profile := `  <profiles>
    <profile>
      <id>java9+</id>
      <activation><jdk>[9,)</jdk></activation>
      <properties>
        <extraArgs>--add-opens java.base/java.lang=ALL-UNNAMED</extraArgs>
      </properties>
      <build>
        <plugins>
          <plugin>
            <artifactId>maven-surefire-plugin</artifactId>
            <configuration>
              <systemPropertyVariables>
                <shop.home>${basedir}</shop.home>
                <shop.tmp>${project.build.directory}/tmp</shop.tmp>
              </systemPropertyVariables>
            </configuration>
          </plugin>
        </plugins>
      </build>
    </profile>
  </profiles>
</project>`
	text := strings.Replace(string(pom), "</project>", profile, 1)
	text = strings.Replace(text, "<properties>", "<properties>\n    <extraArgs/>\n    <argLine>-Xmx512m ${extraArgs} -Dshop.currency=EUR</argLine>", 1)
	test := `package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

class JvmOptionsTest {
    @Test
    void readsJdkInternals() throws Exception {
        Field value = Integer.class.getDeclaredField("value");
        value.setAccessible(true);
        assertEquals(7, value.getInt(Integer.valueOf(7)));
    }

    @Test
    void seesSystemProperties() {
        assertEquals("EUR", System.getProperty("shop.currency"));
    }

    @Test
    void seesSurefiresPropertyVariables() {
        assertEquals(true, new java.io.File(System.getProperty("shop.home"), "pom.xml").isFile());
    }

    @Test
    void runsAssertStatements() {
        assertThrows(AssertionError.class, () -> {
            assert 1 > 2 : "assertions are on";
        });
    }
}
`
	for name, content := range map[string]string{"pom.xml": text, "src/test/java/shop/JvmOptionsTest.java": test} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "shop.JvmOptionsTest"}}})
	for _, m := range []string{"readsJdkInternals", "seesSystemProperties", "seesSurefiresPropertyVariables", "runsAssertStatements"} {
		if r := result(t, res, "shop.JvmOptionsTest", m); r.Status != StatusPassed {
			t.Errorf("%s = %+v\n%s", m, r, res.Output)
		}
	}
	notes := strings.Join(res.Notes, "\n")
	for _, left := range []string{"-Xmx512m", "-Dshop.tmp=${project.build.directory}/tmp"} {
		if !strings.Contains(notes, left) {
			t.Errorf("notes do not say %s was left out: %q", left, res.Notes)
		}
	}
}
