console.log("lintel: not built yet");
