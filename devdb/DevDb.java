import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import java.io.File;
import java.util.List;

/**
 * The embedded development database: mongo-java-server with its H2 file backend, or its memory backend when the
 * file is ":memory:" (tests that need no data after a restart: H2's one store for every database fails writes,
 * "Map ... is closed", when databases are opened and dropped while others write).
 * Usage: java -cp 'lib/*' DevDb.java <port> <file|:memory:> [host]
 * Runs through the JDK's single-file source launcher; nothing is compiled ahead of time.
 */
public class DevDb {
    /** Mongoose 9 (driver 7) refuses servers below wire version 9, so report MongoDB 4.4. */
    enum Mongo44 implements MongoVersion {
        INSTANCE;

        @Override
        public List<Integer> getVersionArray() {
            return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
            return 9;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: DevDb.java <port> <file> [host]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        boolean inMemory = args[1].equals(":memory:");
        File file = new File(args[1]).getAbsoluteFile();
        String host = args.length > 2 ? args[2] : "127.0.0.1";
        if (!inMemory) file.getParentFile().mkdirs();

        MongoBackend backend = inMemory ? new MemoryBackend() : new H2Backend(file.getPath());
        backend.version(Mongo44.INSTANCE);
        MongoServer server = new MongoServer(backend);
        // Close the H2 store on SIGTERM/Ctrl-C so the file is left consistent.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            backend.close();
        }));
        try {
            server.bind(host, port);
        } catch (RuntimeException e) {
            System.err.println("DevDb: cannot listen on " + host + ":" + port + " (" + e.getMessage() + ")");
            backend.close();
            System.exit(1);
        }
        System.out.println("DevDb ready on mongodb://" + host + ":" + port + " (data: " + (inMemory ? "in memory" : file) + ")");
    }
}
