package libs;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import org.junit.Test;

public class TruthTest {
    @Test
    public void truth() {
        Repo repo = new Repo();
        repo.save("a");
        Repo other = new Repo();
        assertThat(repo.all()).containsExactly("a");
        assertWithMessage("other is empty").that(other.all()).isEmpty();
    }
}
