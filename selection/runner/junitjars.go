package runner

import (
	"fmt"
	"os"
	"path/filepath"
)

// systemJarDir is where Debian installs jars (packages junit4, junit5, libhamcrest-java).
var systemJarDir = "/usr/share/java"

// platformJarNames are the jars of the JUnit Platform console launcher with the Jupiter
// and Vintage engines. Debian's junit-platform-console-standalone.jar is not standalone
// (it names these in its Class-Path manifest), so they are listed one by one.
var platformJarNames = []string{
	"junit-platform-console.jar", "junit-platform-launcher.jar", "junit-platform-engine.jar",
	"junit-platform-commons.jar", "junit-platform-reporting.jar", "picocli.jar",
	"junit-jupiter-api.jar", "junit-jupiter-engine.jar", "junit-jupiter-params.jar",
	"junit-vintage-engine.jar", "junit4.jar", "hamcrest.jar", "opentest4j.jar", "apiguardian-api.jar",
}

// platformJars returns the JUnit Platform jars to put in front of the classpath.
func platformJars() ([]string, error) {
	var jars []string
	missing := ""
	for _, n := range platformJarNames {
		p := filepath.Join(systemJarDir, n)
		if _, err := os.Stat(p); err != nil {
			missing = n
			break
		}
		jars = append(jars, p)
	}
	if missing == "" {
		return jars, nil
	}
	standalone := filepath.Join(systemJarDir, "junit-platform-console-standalone.jar")
	if _, err := os.Stat(standalone); err == nil {
		return []string{standalone}, nil
	}
	return nil, fmt.Errorf("JUnit Platform launcher: %s not found in %s (install Debian packages junit5 and junit4)", missing, systemJarDir)
}
