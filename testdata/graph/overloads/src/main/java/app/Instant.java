package app;

public interface Instant {
}
