package app;

/** An exception: libraries call getMessage, toString, ... but never detail(). */
public class AppException extends RuntimeException {
    public AppException(String message) {
        super(message);
    }

    public String detail() {
        return "detail of " + super.getMessage();
    }

    @Override
    public String getMessage() {
        return "app: " + super.getMessage();
    }
}
