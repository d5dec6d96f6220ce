package libs;

import org.junit.Test;

public class ExtraNamesTest {
    @Test
    public void userConfiguredAssertion() {
        Repo repo = new Repo();
        repo.save("a");
        Repo other = new Repo();
        expectSaved(repo, "a");
        shouldBeEmpty(other);
    }

    static void expectSaved(Repo repo, String s) {
        if (!repo.all().contains(s)) {
            throw new AssertionError(s);
        }
    }

    static void shouldBeEmpty(Repo repo) {
        if (!repo.all().isEmpty()) {
            throw new AssertionError("not empty");
        }
    }
}
