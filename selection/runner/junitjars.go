package runner

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/selection/runner/proc"
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

// platformJars returns our JUnit Platform jars (Debian's).
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

// JUnit sources, as reported in Result.JUnitSource.
const (
	JUnitProject    = "project"    // the project's own JUnit (its test dependencies), with a launcher of the same platform version
	JUnitAssertlens = "assertlens" // the project declares no JUnit: Debian's jars
)

// junitSetup says which JUnit jars a run adds to the project's classpath. Project jars
// always come first, so the project's JUnit version wins over ours.
type junitSetup struct {
	compile []string // added after the project classpath when compiling
	launch  []string // added after the project classpath when launching; the listener compiles against project+launch
	source  string
	notes   []string
	// drop is a project jar the run leaves off the launch class path because a jar of
	// launch replaces it (a JUnit 4 older than our Vintage engine accepts).
	drop string
	// subcommand is the console launcher's command to run tests with ("execute" from
	// platform 1.10 on, which JUnit 6 requires), "" for launchers that have none.
	subcommand string
}

// consoleSubcommand is the console launcher command that runs tests in the given platform
// version: "execute" from 1.10 on (JUnit 6 refuses the options without it), none before.
func consoleSubcommand(version string) string {
	major, rest, _ := strings.Cut(version, ".")
	minor, _, _ := strings.Cut(rest, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(minor)
	if err1 != nil || err2 != nil || ma == 1 && mi < 10 || ma < 1 {
		return ""
	}
	return "execute"
}

// launchPath is the launch class path after the project classpath cp: cp without the
// replaced jar, then the jars the run adds.
func (j junitSetup) launchPath(cp []string) []string {
	out := slices.DeleteFunc(slices.Clone(cp), func(p string) bool { return j.drop != "" && p == j.drop })
	return append(out, j.launch...)
}

// vintageMinJUnit4 is the oldest JUnit 4 minor version our Vintage engine runs: 5.9's
// discovery calls a constructor JUnit 4.13 added.
const vintageMinJUnit4 = 13

var (
	platformJarRe = regexp.MustCompile(`^junit-platform-(?:commons|engine|launcher)-(\d[\w.\-]*)\.jar$`)
	junit4JarRe   = regexp.MustCompile(`^junit-([34]\.[\w.\-]+)\.jar$`) // JUnit 3 too: 4.13 keeps its junit.framework API
)

// projectJUnit reads the JUnit Platform and JUnit 4 versions off the project classpath,
// and the JUnit 4 jar's path.
func projectJUnit(cp []string) (platform, junit4, junit4Jar string) {
	for _, e := range cp {
		base := filepath.Base(e)
		if m := platformJarRe.FindStringSubmatch(base); m != nil && platform == "" {
			platform = m[1]
		}
		if m := junit4JarRe.FindStringSubmatch(base); m != nil && junit4 == "" {
			junit4, junit4Jar = m[1], e
		}
	}
	return platform, junit4, junit4Jar
}

// junit4Minor is the minor version of a JUnit 4 version ("4.12" → 12); -1 when unreadable.
func junit4Minor(version string) int {
	rest, ok := strings.CutPrefix(version, "4.")
	if !ok {
		return -1
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(rest[:end])
	if err != nil {
		return -1
	}
	return n
}

// tooOldForVintage says whether our Vintage engine refuses a JUnit of this version: JUnit 3,
// and JUnit 4 before vintageMinJUnit4.
func tooOldForVintage(version string) bool {
	minor := junit4Minor(version)
	return strings.HasPrefix(version, "3.") || minor >= 0 && minor < vintageMinJUnit4
}

// junitFor decides the JUnit jars of a run: the project's own when its classpath has them
// (with the console launcher of its platform version, from the local Maven repository or
// fetched by Maven), ours only when it declares none.
func junitFor(ctx context.Context, cp []string) (junitSetup, error) {
	ours, err := platformJars()
	platform, junit4, junit4Jar := projectJUnit(cp)
	switch {
	case platform != "":
		var setup junitSetup
		if jar, note := consoleStandalone(ctx, platform); jar != "" {
			setup = junitSetup{launch: []string{jar}, source: JUnitProject, subcommand: consoleSubcommand(platform),
				notes: []string{fmt.Sprintf("JUnit Platform %s from the project's test dependencies", platform)}}
		} else if err != nil {
			return junitSetup{}, err
		} else {
			setup = junitSetup{launch: ours, source: JUnitProject, notes: []string{fmt.Sprintf(
				"JUnit Platform %s from the project's test dependencies, launched with %s's launcher (%s)", platform, systemJarDir, note)}}
		}
		if junit4 != "" && tooOldForVintage(junit4) {
			// The launcher's Vintage engine refuses the whole run when it finds a JUnit
			// older than 4.12 (commons-jxpath's Jupiter tests have JUnit 3.8 from a test
			// library): JUnit 4.13, which keeps junit.framework, takes its place.
			setup.drop = junit4Jar
			for _, n := range []string{"junit4.jar", "hamcrest.jar"} {
				setup.launch = append(setup.launch, filepath.Join(systemJarDir, n))
			}
			setup.notes = append(setup.notes, fmt.Sprintf("JUnit %s on the test class path is older than the Vintage engine accepts; launched with %s's JUnit 4.13", junit4, systemJarDir))
		}
		return setup, nil
	case junit4 != "":
		if err != nil {
			return junitSetup{}, err
		}
		if tooOldForVintage(junit4) {
			// Our Vintage engine cannot discover tests with this JUnit 3 or 4: ours (4.13,
			// compatible with the 4.x API and JUnit 3's junit.framework that tests use)
			// replaces the project's for the launch (joda-time and commons-jxpath are on
			// JUnit 3.8, which the Vintage engine refuses).
			return junitSetup{launch: ours, source: JUnitProject, drop: junit4Jar, notes: []string{fmt.Sprintf(
				"the project's JUnit %s is older than the Vintage engine in %s accepts; tests run with its JUnit 4.13", junit4, systemJarDir)}}, nil
		}
		// The project's JUnit 4 and Hamcrest run under our Vintage engine.
		launch := slices.DeleteFunc(slices.Clone(ours), func(p string) bool {
			b := filepath.Base(p)
			return b == "junit4.jar" || b == "hamcrest.jar"
		})
		return junitSetup{launch: launch, source: JUnitProject,
			notes: []string{fmt.Sprintf("JUnit %s from the project's test dependencies, run by the Vintage engine in %s", junit4, systemJarDir)}}, nil
	default:
		if err != nil {
			return junitSetup{}, err
		}
		return junitSetup{compile: ours, launch: ours, source: JUnitAssertlens}, nil
	}
}

// consoleStandalone finds junit-platform-console-standalone of the given platform version
// in the local Maven repository, asking Maven to fetch it when it is missing. It returns
// "" and why when it cannot.
func consoleStandalone(ctx context.Context, version string) (string, string) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", "no home folder"
	}
	jar := filepath.Join(home, ".m2", "repository", "org", "junit", "platform", "junit-platform-console-standalone",
		version, "junit-platform-console-standalone-"+version+".jar")
	if _, err := os.Stat(jar); err == nil {
		return jar, ""
	}
	if !buildToolsEnabled() {
		return "", "console launcher " + version + " not in ~/.m2 and build tools are off"
	}
	mvn, err := exec.LookPath("mvn")
	if err != nil {
		return "", "console launcher " + version + " not in ~/.m2 and no mvn to fetch it"
	}
	tmp, err := os.MkdirTemp("", "assertlens-mvn")
	if err != nil {
		return "", err.Error()
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(ctx, mavenTimeout)
	defer cancel()
	cmd := proc.Command(ctx, mvn, "-q", "-B", "-ntp", "dependency:get", "-Dtransitive=false",
		"-Dartifact=org.junit.platform:junit-platform-console-standalone:"+version)
	cmd.Dir = tmp
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", "mvn dependency:get failed: " + firstLine(strings.TrimSpace(lastLines(out.String(), 3)))
	}
	if _, err := os.Stat(jar); err != nil {
		return "", "mvn dependency:get did not install " + jar
	}
	return jar, ""
}
