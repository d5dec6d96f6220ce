package app;

import com.acme.Label;

public class Sticker extends Plain implements Label {
}
