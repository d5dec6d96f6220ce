package handlers;

import java.nio.channels.FileChannel;
import java.util.Comparator;

/** Keys tests hash: an anonymous Object whose hashCode and equals only read. */
public final class Keys {
    public static final Object QUIET = new Object() {
        @Override
        public int hashCode() {
            return super.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }
    };

    private Keys() {
    }

    /** A fresh key like QUIET. */
    public static Object quiet() {
        return new Object() {
            @Override
            public int hashCode() {
                return super.hashCode();
            }
        };
    }

    /** Hashes as the channel it wraps does: FileChannel keeps Object's hashCode. */
    public static final class OnChannel {
        private final FileChannel channel;

        public OnChannel(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public int hashCode() {
            return channel.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof OnChannel)) {
                return false;
            }
            OnChannel that = (OnChannel) other;
            return channel.equals(that.channel);
        }
    }

    /** Prints its order: the JDK's Comparators keep Object's toString. */
    public static final class Ordered {
        private final Comparator<String> order;

        public Ordered(Comparator<String> order) {
            this.order = order;
        }

        @Override
        public String toString() {
            return order.toString();
        }
    }
}
