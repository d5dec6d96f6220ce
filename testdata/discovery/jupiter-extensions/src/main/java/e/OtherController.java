package e;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** A controller WebTest's sliced context does not make. */
@RestController
public class OtherController {
    @GetMapping("/other")
    public long other() {
        return Clock.now();
    }
}
