package libs;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import org.junit.Test;

public class MockitoTest {
    @Test
    public void verifies() {
        Repo repo = mock(Repo.class);
        Shop shop = new Shop(repo);
        shop.buy("tea");
        verify(repo).save("tea");
        verifyNoMoreInteractions(repo);
    }

    @Test
    public void verifiesACallThatChangesNothingElse() {
        Repo repo = mock(Repo.class);
        String found = repo.find(0);
        Shop shop = new Shop(repo);
        verify(repo).find(0);
    }
}
