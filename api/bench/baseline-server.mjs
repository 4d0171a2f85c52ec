// The original server's way, the bench's baseline: plain Express, and on each request the same find() of every
// class through the MongoDB driver (mongoose's copy of it), answered as JSON. bench.mjs starts it on its database.
import express from 'express';
import mongoose from 'mongoose';

const client = await mongoose.mongo.MongoClient.connect(process.env.MONGODB_URI);
const classes = client.db().collection('classes');
const app = express();
app.get('/classes', async (_req, res) => {
  res.send(await classes.find().toArray());
});
app.get('/classes/popular', async (_req, res) => {
  res.send(await classes.find().sort({ enrolled: -1 }).limit(6).toArray());
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('baseline listening'));
process.on('SIGTERM', () => server.close(() => client.close().finally(() => process.exit(0))));
