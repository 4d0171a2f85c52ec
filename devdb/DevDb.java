import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;

import java.io.File;
import java.util.List;

/**
 * The embedded development database: mongo-java-server with its H2 file backend.
 * Usage: java -cp 'lib/*' DevDb.java <port> <file> [host]
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
        File file = new File(args[1]).getAbsoluteFile();
        String host = args.length > 2 ? args[2] : "127.0.0.1";
        file.getParentFile().mkdirs();

        H2Backend backend = new H2Backend(file.getPath());
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
        System.out.println("DevDb ready on mongodb://" + host + ":" + port + " (data: " + file + ")");
    }
}
