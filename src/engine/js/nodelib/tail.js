/* node's library: the last part: returns the library (what the other
 * parts made, under the names the prelude calls) and closes the closure
 * head.js opens. */
		return {
			require: requireMain,
			importer: importer,
			importModule: importModule,
			importResolve: importResolve,
			URL: URL,
			URLSearchParams: URLSearchParams,
			table: table,
			structuredClone: structuredClone,
			Intl: Intl,
			dateString: dateString,
			dateDateString: dateDateString,
			dateUTCString: dateUTCString,
			dateTimeString: dateTimeString,
			dateLocaleString: dateLocaleString,
			dateLocaleDateString: dateLocaleDateString,
			dateLocaleTimeString: dateLocaleTimeString,
			numberLocaleString: numberLocaleString,
			reflectGet: reflectGet,
			reflectSet: reflectSet,
			normalize: normalize,
			localeCompare: localeCompare
		};
	};
})()
